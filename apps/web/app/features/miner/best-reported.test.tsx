import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { hashrateFigures } from '@openpool/domain/best-reported';
import { loadCatalogue } from '~/i18n/catalogues';
import { I18nProvider } from '~/i18n/use-t';
import { BestShares } from './best-shares';
import { ReportedHashrate } from './reported-hashrate';

async function render(node: React.ReactNode) {
  const i18n = await loadCatalogue('en');
  return renderToString(
    <MemoryRouter>
      <I18nProvider i18n={i18n}>{node}</I18nProvider>
    </MemoryRouter>,
  )
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&#x27;', "'")
    .replace(/\s+/g, ' ');
}

describe('reported beside effective', () => {
  it('shows both, their ratio, and says a rig that claims too much over 24 hours', async () => {
    const text = await render(
      <ReportedHashrate figures={{ '10m': hashrateFigures(95e6, 100e6), '24h': hashrateFigures(70e6, 100e6) }} testId="r" />,
    );
    expect(text).toContain('10M 95.00 MH/s 100.00 MH/s 0.95');
    expect(text).toContain('24H 70.00 MH/s 100.00 MH/s 0.7');
    expect(text).toContain('noticeably less work than the rig reports');
    expect(text).toContain('luck alone moves them apart');
  });

  it('names what it compares when some workers report nothing, and how many it leaves out', async () => {
    const part = (effective: number, reported: number) => ({
      ...hashrateFigures(effective, reported),
      workers_reporting: 2,
      workers_not_reporting: 3,
    });
    const text = await render(<ReportedHashrate figures={{ '10m': part(95e6, 100e6), '24h': part(98e6, 100e6) }} testId="r" />);
    expect(text).toContain('Effective, reporting workers');
    expect(text).toContain('3 workers do not report their hashrate and are left out of this comparison');
    const whole = await render(
      <ReportedHashrate figures={{ '10m': hashrateFigures(95e6, 100e6), '24h': hashrateFigures(98e6, 100e6) }} testId="r" />,
    );
    expect(whole).not.toContain('left out');
  });

  it('says when the software reports nothing', async () => {
    const text = await render(
      <ReportedHashrate figures={{ '10m': hashrateFigures(95e6, null), '24h': hashrateFigures(90e6, null) }} testId="r" />,
    );
    expect(text).toContain('does not report its hashrate');
    expect(text).not.toContain('agree.');
  });
});

describe('best shares', () => {
  it('puts each best beside the network difficulty', async () => {
    const text = await render(
      <BestShares
        round={{ difficulty: 1_500, at: 0 }}
        allTime={{ difficulty: 3e6, at: 0 }}
        network={30e6}
        roundStarted={1000}
        now={1600}
        testId="b"
      />,
    );
    expect(text).toContain('Best this round 1.50 K 0.005%');
    expect(text).toContain('Best ever 3.00 M 10%');
    expect(text).toContain('Network difficulty 30.00 M');
    expect(text).toContain('This round began');
  });
});
