// Applies the stored theme before the first paint so a dark page never flashes light.
(function () {
  try {
    var dark = localStorage.getItem('isDarkMode');
    if (dark === null) { localStorage.setItem('isDarkMode', 'false'); dark = 'false'; }
    document.documentElement.dataset.theme = dark === 'true' ? 'dark' : 'light';
  } catch (e) { document.documentElement.dataset.theme = 'light'; }
})();
