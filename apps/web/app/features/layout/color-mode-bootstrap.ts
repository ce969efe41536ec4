/**
 * Runs inline in <head> before first paint, so the page never flashes the wrong theme while
 * the HTML stays the same for every visitor. The preference lives in local storage under the
 * spec's key `nuxt-color-mode`: 'system' (default), 'light' or 'dark'.
 */
export const COLOR_MODE_STORAGE_KEY = 'nuxt-color-mode';

export const COLOR_MODE_BOOTSTRAP = `(function(){try{var p=localStorage.getItem(${JSON.stringify(COLOR_MODE_STORAGE_KEY)})||'system';var f=document.documentElement.getAttribute('data-force-color-mode');var m=f||(p==='system'?(matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light'):p);document.documentElement.classList.toggle('dark',m==='dark');document.documentElement.style.colorScheme=m==='dark'?'dark':'light';}catch(e){}})();`;
