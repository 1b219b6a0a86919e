// Runs synchronously before the first paint so the page never flashes the wrong theme.
// Mirrors src/app/theme/theme.ts: the key 'theme' holds 'dark' or 'light'; nothing stored
// means the operating system's preference.
(function () {
  var theme = null;
  try {
    var stored = window.localStorage.getItem('theme');
    if (stored === 'dark' || stored === 'light') theme = stored;
  } catch (error) {
    // Storage can be unavailable (privacy modes); fall back to the OS preference.
  }
  if (theme === null) {
    theme = window.matchMedia && window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  }
  document.documentElement.classList.toggle('dark', theme === 'dark');
  document.documentElement.style.colorScheme = theme;
})();
