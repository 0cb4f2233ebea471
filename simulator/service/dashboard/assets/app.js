// The dashboard's only script: every page works without it.

// Copy buttons.
document.addEventListener('click', (event) => {
  const button = event.target.closest('button.copy');
  if (!button) return;
  navigator.clipboard?.writeText(button.dataset.copy ?? '').then(() => { button.textContent = 'Copied'; setTimeout(() => { button.textContent = 'Copy'; }, 1500); }, () => {});
});

// A file chosen for a text field (a fixture) is read into it, to be sent with the form.
document.addEventListener('change', (event) => {
  const input = event.target.closest('input[type=file][data-fills]');
  const target = input && document.getElementById(input.dataset.fills);
  const file = input?.files?.[0];
  if (!target || !file) return;
  file.text().then((text) => { target.value = text; }, () => {});
});

// Times as the reader's clock shows them; the ISO text stays in the title.
for (const time of document.querySelectorAll('time[datetime]')) {
  const at = new Date(time.getAttribute('datetime'));
  if (Number.isNaN(at.getTime())) continue;
  time.title = time.getAttribute('datetime');
  time.textContent = at.toLocaleString();
}
