import { useId, useState } from 'react';
import { useT } from '~/i18n/use-t';
import { HeaderLinkItem } from './header-link';
import type { HeaderGroup } from './header-nav';
import { ChevronDownIcon } from './icons';

/** The header groups as expandable sections of the mobile menu; opening one closes the other. */
export function MenuSections({ groups }: { groups: readonly HeaderGroup[] }) {
  const t = useT();
  const [expanded, setExpanded] = useState<HeaderGroup['id'] | null>(null);
  return (
    <nav aria-label={t('header.navLabel')} className="divide-y divide-line border-y border-line">
      {groups.map((group) => (
        <MenuSection
          key={group.id}
          group={group}
          expanded={expanded === group.id}
          onToggle={() => setExpanded((current) => (current === group.id ? null : group.id))}
        />
      ))}
    </nav>
  );
}

function MenuSection({ group, expanded, onToggle }: { group: HeaderGroup; expanded: boolean; onToggle: () => void }) {
  const t = useT();
  const regionId = useId();
  return (
    <div data-testid={`menu-section-${group.id}`}>
      <h2>
        <button
          type="button"
          aria-expanded={expanded}
          aria-controls={regionId}
          onClick={onToggle}
          className="flex w-full items-center justify-between gap-3 rounded-md px-1 py-4 text-start text-base font-semibold"
        >
          {t(group.label)}
          <ChevronDownIcon
            className={`size-5 text-ink-muted transition-transform duration-300 motion-reduce:transition-none ${expanded ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      {/* Collapsed: no height, hidden and inert, so its links are neither seen nor reached by Tab. */}
      <div
        id={regionId}
        inert={!expanded}
        className={`grid duration-300 motion-reduce:transition-none ${
          expanded
            ? 'visible grid-rows-[1fr] transition-[grid-template-rows]'
            : 'invisible grid-rows-[0fr] transition-[grid-template-rows,visibility]'
        }`}
      >
        <ul className="overflow-hidden">
          {group.links.map((link) => (
            <li key={link.label} className="last:pb-3">
              <HeaderLinkItem link={link} />
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
