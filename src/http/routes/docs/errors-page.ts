import { ERROR_CATALOGUE, ERROR_CODES } from '../../../domain/errors/catalogue.ts';
import { ERROR_EXPLANATIONS } from '../../../domain/errors/explanations.ts';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function inlineCode(text: string): string {
  return escapeHtml(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** The page the problem `type` URIs point to: one anchor per error code. */
export function renderErrorsPage(): string {
  const sections = ERROR_CODES.map((code) => {
    const { status, title } = ERROR_CATALOGUE[code];
    const { when, action } = ERROR_EXPLANATIONS[code];
    return `<section id="${code}">
  <h2><a href="#${code}">${code}</a> <span class="status">${status}</span></h2>
  <p class="title">${escapeHtml(title)}</p>
  <p><strong>When:</strong> ${inlineCode(when)}</p>
  <p><strong>What to do:</strong> ${inlineCode(action)}</p>
</section>`;
  }).join('\n');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>svc-api errors</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>
body{font:16px/1.5 system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1c2430}
h1{font-size:1.8rem} h2{font-size:1.2rem;margin:0} h2 a{color:inherit;text-decoration:none}
section{border-left:4px solid #2d6cdf;padding:.6rem 1rem;margin:1.2rem 0;background:#f5f7fb}
section:target{border-color:#e07b00;background:#fff6e8}
.status{font-weight:400;color:#555;margin-left:.5rem} .title{margin:.2rem 0;color:#444}
code{background:#e8ecf3;padding:0 .25rem;border-radius:3px}
</style></head><body>
<h1>svc-api errors</h1>
<p>Every error is an RFC 9457 problem document (<code>application/problem+json</code>) with <code>type</code>,
<code>code</code>, <code>title</code>, <code>status</code>, <code>detail</code> and <code>request_id</code>
(equal to the <code>X-Request-Id</code> header). Clients branch on <code>code</code>.
See also the <a href="./">API reference</a>.</p>
${sections}
</body></html>`;
}
