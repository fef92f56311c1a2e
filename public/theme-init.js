// Applies the saved theme before first paint (a file, not inline, so the CSP needs no 'unsafe-inline').
(function () {
  var choice = 'system';
  try {
    choice = localStorage.getItem('aer1-theme') || 'system';
  } catch {
    /* storage may be blocked */
  }
  var dark =
    choice === 'dark' ||
    (choice === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.classList.toggle('dark', dark);
})();
