/** The dashboard's only style sheet and script, served by the sandbox itself (no CDN, works offline). */
export const STYLE_CSS = `
*{box-sizing:border-box}body{margin:0;font:15px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;color:#1d2330;background:#f5f6f8}
header{display:flex;justify-content:space-between;align-items:center;padding:.6rem 1.5rem;background:#1d2330;color:#fff}
header a.brand{color:#fff;font-weight:600;text-decoration:none}header .account{display:flex;gap:.75rem;align-items:center}
main{max-width:1100px;margin:0 auto;padding:1.5rem}h1{font-size:1.5rem;margin:.5rem 0 1rem}h2{font-size:1.15rem;margin:1.5rem 0 .5rem}
nav.tabs{display:flex;gap:.25rem;border-bottom:1px solid #d5d9e0;margin-bottom:1rem;flex-wrap:wrap}
nav.tabs a{padding:.5rem .9rem;text-decoration:none;color:#1d2330;border-radius:6px 6px 0 0}nav.tabs a[aria-current=page]{background:#fff;border:1px solid #d5d9e0;border-bottom-color:#fff;margin-bottom:-1px;font-weight:600}
.crumbs{color:#5b6475;font-size:.9rem}.crumbs a{color:#3451b2}
table{width:100%;border-collapse:collapse;background:#fff;border:1px solid #d5d9e0;border-radius:6px}th,td{text-align:left;padding:.5rem .7rem;border-bottom:1px solid #e6e9ef;vertical-align:top}th{font-size:.85rem;color:#5b6475;font-weight:600}
form{margin:0}form.panel,section.panel{background:#fff;border:1px solid #d5d9e0;border-radius:6px;padding:1rem;margin:1rem 0;display:grid;gap:.5rem;max-width:560px}
label{font-weight:600;font-size:.9rem;display:block}input,select,textarea{font:inherit;padding:.45rem .6rem;border:1px solid #b9c0cc;border-radius:5px;width:100%}
input[type=radio],input[type=checkbox]{width:auto;margin:0}label.choice{display:flex;gap:.5rem;align-items:center;margin-top:.6rem}
fieldset{border:1px solid #d5d9e0;border-radius:6px;display:grid;gap:.4rem;padding:.8rem}legend{font-weight:600;padding:0 .3rem}
.fields{display:grid;grid-template-columns:repeat(3,1fr);gap:.5rem}.actions{display:flex;gap:.5rem;flex-wrap:wrap;align-items:center}textarea{min-height:8rem;font-family:ui-monospace,monospace;font-size:.85rem}
button{font:inherit;padding:.45rem .9rem;border:1px solid #3451b2;background:#3451b2;color:#fff;border-radius:5px;cursor:pointer;width:auto;justify-self:start}
button.secondary,form.secondary button,td form button{background:#fff;color:#3451b2}form.danger button{border-color:#b3261e;background:#fff;color:#b3261e}
.notice{background:#e7f4ea;border:1px solid #9bd1a8;padding:.6rem .8rem;border-radius:6px}.error{background:#fdecea;border:1px solid #f1a9a3;padding:.6rem .8rem;border-radius:6px}
.secret{background:#fff8e1;border:1px solid #f0d27a;padding:.8rem;border-radius:6px}code{font-family:ui-monospace,monospace;font-size:.88rem;word-break:break-all}
pre{white-space:pre-wrap;word-break:break-word;background:#fff;border:1px solid #d5d9e0;border-radius:6px;padding:.8rem;max-height:32rem;overflow:auto}
.copyable{display:inline-flex;gap:.4rem;align-items:center}header form.account{display:flex}.copy{padding:.1rem .5rem;font-size:.8rem}
.steps{counter-reset:step;list-style:none;padding:0}.steps li{padding:.6rem .8rem;margin:.4rem 0;background:#fff;border:1px solid #d5d9e0;border-radius:6px}
.steps li.done{border-color:#9bd1a8}.muted{color:#5b6475}.row{display:flex;gap:1rem;flex-wrap:wrap;align-items:flex-start}
`;

/** Copy buttons: the page works without it. */
export const APP_JS = `
document.addEventListener('click', (event) => {
  const button = event.target.closest('button.copy');
  if (!button) return;
  navigator.clipboard?.writeText(button.dataset.copy ?? '').then(() => { button.textContent = 'Copied'; setTimeout(() => { button.textContent = 'Copy'; }, 1500); }, () => {});
});
`;
