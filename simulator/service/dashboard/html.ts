/** Text for HTML: every value a page shows goes through here. */
export function esc(value: unknown): string {
  return String(value ?? '').replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A tagged template whose values are escaped, unless they are already `Html`. */
export class Html {
  constructor(readonly text: string) {}
}

export function html(strings: TemplateStringsArray, ...values: unknown[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    const parts = Array.isArray(value) ? value : [value];
    out += parts.map((part) => (part instanceof Html ? part.text : esc(part))).join('');
    out += strings[i + 1] ?? '';
  });
  return new Html(out);
}

export interface PageOptions {
  title: string;
  /** Shown at the top right when someone is signed in, with the sign-out form. */
  account?: { email: string; csrf: string };
  nav?: Html;
  notice?: string;
  error?: string;
  /** Listed under the error, one per line (a fixture's problems, in the order of its lines). */
  problems?: readonly string[];
  /** The page loads itself again after this many seconds (a log that is being watched). */
  refreshSeconds?: number;
}

/** The frame of every page: no script or style from anywhere but the sandbox itself. */
export function page(options: PageOptions, body: Html): string {
  const account = options.account
    ? html`<form method="post" action="/dashboard/sign-out" class="account"><span>${options.account.email}</span><input type="hidden" name="_csrf" value="${options.account.csrf}"><button type="submit">Sign out</button></form>`
    : html``;
  return `<!doctype html>
${html`<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${options.refreshSeconds ? html`<meta http-equiv="refresh" content="${options.refreshSeconds}">` : html``}<title>${options.title} · ledger-sim</title><link rel="icon" href="/dashboard/assets/favicon.svg" type="image/svg+xml"><link rel="stylesheet" href="/dashboard/assets/style.css"><script src="/dashboard/assets/app.js" defer></script></head>
<body><header><a class="brand" href="/dashboard">ledger-sim</a>${account}</header>
<main>${options.nav ?? html``}<h1>${options.title}</h1>
${options.notice ? html`<p class="notice" role="status">${options.notice}</p>` : html``}
${options.error && options.problems?.length ? html`<div class="error" role="alert"><p>${options.error}</p><ul class="problems">${options.problems.map((p) => html`<li>${p}</li>`)}</ul></div>` : html``}
${options.error && !options.problems?.length ? html`<p class="error" role="alert">${options.error}</p>` : html``}
${body}</main></body></html>`.text}`;
}

/** A form that posts with the session's CSRF token. */
export function form(action: string, csrf: string, fields: Html, button: string, extra: { className?: string } = {}): Html {
  return html`<form method="post" action="${action}" class="${extra.className ?? ''}"><input type="hidden" name="_csrf" value="${csrf}">${fields}<button type="submit">${button}</button></form>`;
}

/** A labelled text input. */
export function field(label: string, name: string, options: { type?: string; value?: string; required?: boolean; autocomplete?: string } = {}): Html {
  const id = `f-${name}`;
  return html`<label for="${id}">${label}</label><input id="${id}" name="${name}" type="${options.type ?? 'text'}" value="${options.value ?? ''}"${options.required === false ? html`` : html` required`}${options.autocomplete ? html` autocomplete="${options.autocomplete}"` : html``}>`;
}

/** A value with a button that copies it (the button does nothing without script; the value stays selectable). */
export function copyable(value: string, label: string): Html {
  return html`<span class="copyable"><code>${value}</code><button type="button" class="copy" data-copy="${value}" aria-label="Copy ${label}">Copy</button></span>`;
}
