// The page the site's port answers while `npm start` builds and starts the web server (decision
// 030): served before the app exists, so it cannot use the site's catalogues or components; its
// sentences are here in every language of the site, chosen as the site chooses (the URL's
// prefix, the language cookie, then Accept-Language). 503 with Retry-After, and a script that
// asks again every 2 s and reloads only once the real site answers, so a refresh never lands on
// a moment without a server.
import { createHash } from 'node:crypto';
import { getLocale, LOCALE_COOKIE, negotiateLocale, splitLocalePath, isLocaleCode } from '../packages/domain/src/locales.ts';

// Per language: the title, the sentence with the seconds left, and the one without a figure,
// said while no measured figure exists (the first build, a build slower than the last, the
// servers' own start): a made-up estimate would be a promise nobody measured.
const TEXT = {
  en: [
    'OpenPool is starting',
    'The site is being prepared. Ready in about {n} s; this page refreshes by itself.',
    'The site is being prepared; this page refreshes by itself once it is ready.',
  ],
  es: [
    'OpenPool se está iniciando',
    'El sitio se está preparando. Listo en unos {n} s; esta página se actualiza sola.',
    'El sitio se está preparando; esta página se actualiza sola en cuanto esté listo.',
  ],
  fa: [
    'OpenPool در حال راه‌اندازی است',
    'سایت در حال آماده شدن است. حدود {n} ثانیه دیگر آماده است؛ این صفحه خودش تازه می‌شود.',
    'سایت در حال آماده شدن است؛ این صفحه به‌محض آماده شدن، خودش تازه می‌شود.',
  ],
  fr: [
    'OpenPool démarre',
    'Le site se prépare. Prêt dans environ {n} s ; cette page se recharge toute seule.',
    'Le site se prépare ; cette page se recharge toute seule dès qu’il est prêt.',
  ],
  id: [
    'OpenPool sedang dimulai',
    'Situs sedang disiapkan. Siap dalam sekitar {n} detik; halaman ini dimuat ulang dengan sendirinya.',
    'Situs sedang disiapkan; halaman ini dimuat ulang dengan sendirinya begitu situs siap.',
  ],
  it: [
    'OpenPool si sta avviando',
    'Il sito è in preparazione. Pronto tra circa {n} s; questa pagina si aggiorna da sola.',
    'Il sito è in preparazione; questa pagina si aggiorna da sola appena è pronto.',
  ],
  ko: [
    'OpenPool을 시작하는 중입니다',
    '사이트를 준비하고 있습니다. 약 {n}초 후 준비됩니다. 이 페이지는 자동으로 새로 고쳐집니다.',
    '사이트를 준비하고 있습니다. 준비가 끝나면 이 페이지가 자동으로 새로 고쳐집니다.',
  ],
  kz: [
    'OpenPool іске қосылуда',
    'Сайт дайындалып жатыр. Шамамен {n} с ішінде дайын болады; бұл бет өзі жаңарады.',
    'Сайт дайындалып жатыр; дайын болғанда бұл бет өзі жаңарады.',
  ],
  ms: [
    'OpenPool sedang dimulakan',
    'Laman sedang disediakan. Sedia dalam kira-kira {n} saat; halaman ini dimuat semula dengan sendiri.',
    'Laman sedang disediakan; halaman ini dimuat semula dengan sendiri sebaik sahaja ia sedia.',
  ],
  pl: [
    'OpenPool się uruchamia',
    'Strona jest przygotowywana. Gotowa za około {n} s; ta strona odświeży się sama.',
    'Strona jest przygotowywana; odświeży się sama, gdy tylko będzie gotowa.',
  ],
  'pt-br': [
    'O OpenPool está iniciando',
    'O site está sendo preparado. Pronto em cerca de {n} s; esta página se atualiza sozinha.',
    'O site está sendo preparado; esta página se atualiza sozinha assim que ele estiver pronto.',
  ],
  ru: [
    'OpenPool запускается',
    'Сайт готовится. Будет готов примерно через {n} с; страница обновится сама.',
    'Сайт готовится; страница обновится сама, как только он будет готов.',
  ],
  tr: [
    'OpenPool başlatılıyor',
    'Site hazırlanıyor. Yaklaşık {n} sn içinde hazır; bu sayfa kendiliğinden yenilenir.',
    'Site hazırlanıyor; hazır olduğunda bu sayfa kendiliğinden yenilenir.',
  ],
  uk: [
    'OpenPool запускається',
    'Сайт готується. Буде готовий приблизно за {n} с; сторінка оновиться сама.',
    'Сайт готується; сторінка оновиться сама, щойно він буде готовий.',
  ],
  'zh-cn': [
    'OpenPool 正在启动',
    '网站正在准备中，大约 {n} 秒后就绪；本页面会自动刷新。',
    '网站正在准备中；就绪后本页面会自动刷新。',
  ],
};

/** How often the page's script asks again, and the Retry-After it gives without an estimate. */
const POLL_S = 2;

// Asks for the page again every 2 s; any answer not marked as this page is the real site.
const SCRIPT =
  "setInterval(function(){fetch(location.href,{method:'HEAD',cache:'no-store'}).then(function(r){" +
  `if(!r.headers.get('x-openpool-starting'))location.reload()},function(){})},${POLL_S * 1000});`;
const SCRIPT_HASH = `sha256-${createHash('sha256').update(SCRIPT).digest('base64')}`;

/** The visitor's language: the URL's prefix, then the site's language cookie, then Accept-Language. */
export function startingLocale(path, cookieHeader, acceptLanguage) {
  const { locale, prefixed } = splitLocalePath((path ?? '/').split('?')[0] || '/');
  if (prefixed) return locale;
  const cookie = new RegExp(`(?:^|;\\s*)${LOCALE_COOKIE.name}=([^;]*)`).exec(cookieHeader ?? '')?.[1];
  if (cookie && isLocaleCode(cookie)) return cookie;
  return negotiateLocale(acceptLanguage) ?? 'en';
}

/**
 * The build's expected seconds: the last build's measured duration (`build-seconds`, written by
 * `npm start`), or null before any build was measured, or when the file says nothing usable.
 */
export function buildEstimate(keptText) {
  const kept = Number(keptText?.trim() || NaN);
  return Number.isFinite(kept) && kept > 0 ? Math.round(kept) : null;
}

/**
 * The starting page in the visitor's language: about how many seconds are left when a measured
 * estimate gives them (`seconds`), otherwise only that it refreshes by itself.
 */
export function startingPage(request, seconds) {
  const code = startingLocale(request.url, request.headers.cookie, request.headers['accept-language']);
  const { iso, dir } = getLocale(code);
  const [title, timed, untimed] = TEXT[code] ?? TEXT.en;
  const text = seconds ? timed.replace('{n}', String(seconds)) : untimed;
  const html = `<!doctype html>
<html lang="${iso}" dir="${dir}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<noscript><meta http-equiv="refresh" content="10"></noscript>
<title>${title}</title>
<style>body{font:1.1rem/1.5 system-ui,sans-serif;max-width:36rem;margin:20vh auto;padding:0 1rem}</style>
</head>
<body>
<h1>${title}</h1>
<p>${text}</p>
<script>${SCRIPT}</script>
</body>
</html>
`;
  return { html, lang: iso, seconds: seconds || null, retryAfter: seconds || POLL_S, scriptHash: SCRIPT_HASH };
}

export { TEXT as STARTING_TEXT };
