// Copy buttons: the page works without it.
document.addEventListener('click', (event) => {
  const button = event.target.closest('button.copy');
  if (!button) return;
  navigator.clipboard?.writeText(button.dataset.copy ?? '').then(() => { button.textContent = 'Copied'; setTimeout(() => { button.textContent = 'Copy'; }, 1500); }, () => {});
});
