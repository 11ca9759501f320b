import { CART_FORM_PATH, EARLY_CART_HEADER } from '@/shared/cart-cookie'
import { drawnPagesPattern } from '@/shared/drawn-pages'

const TEMPLATE_ID = 'etal-cart-link'

/**
 * The header's cart link content drawn for a count (the SSR entry's `cartLink(1)`), in a
 * `<template>` after #root: the early script clones it and writes the count in its badge, so that
 * no HTML is ever built from a string in the page (tests/unit/no-raw-html.test.ts).
 */
export const earlyCartTemplate = (countedLink: string) =>
  `<template id="${TEMPLATE_ID}">${countedLink}</template>`

/**
 * "Ajouter" while the page's code is still on its way (docs/rules/catalogue.md#before-the-script,
 * docs/decisions/0083): on a slow phone the products paint from the first HTML in about a second,
 * and the app's code takes seconds more. Without script the form posts and the page comes back
 * counted (web/cart-form.ts); with a script that has not arrived yet, that reload would throw
 * away the code being downloaded and fetch the page again over the same slow link. So the page
 * carries this small script, inline and first in its body (web/pages.ts, the pages drawn at their
 * own URL), so that it listens before the products paint (docs/decisions/0089): it catches the
 * submit of an "Ajouter" form, posts the same form with fetch and the
 * EARLY_CART_HEADER, and the server answers JSON: the new count, drawn in the header's cart link
 * from a template of the header component's own markup (so React later hydrates it unchanged),
 * and the message, said
 * in a status region outside #root (React never holds it). The line is kept in the cart cookie,
 * exactly as without script; the app moves it into its own cart once it runs.
 *
 * A link to a page that needs the app's code (any page but those drawn at their own URL, which
 * the browser may simply load: `drawnPagePaths`, src/shared/drawn-pages.ts) is held, not followed, while that code is on its way
 * (docs/decisions/0087): loading that page would throw away the code being downloaded, download
 * it again over the same slow link, and show a page that cannot be used until it is in. The
 * status region says "Chargement de la page…"; once React holds the page, the app goes to the
 * held link without a reload (src/client/app/held-link.tsx). Should the code not come within
 * HELD_LINK_MS, the browser follows the link itself. A tap with a modifier key, or on a link to
 * another site, a new tab or a download, is left to the browser.
 *
 * The hand-over: `window.__etalCart.stop()` (src/client/main.tsx, just before hydrating) waits
 * for the posts in flight, then lets every later submit and tap through to React, whose own
 * handlers add without a reload; it answers with the held link, if any. If fetch is missing or
 * the post fails, the form is sent by the browser itself, as without script.
 */
/** How long a held link waits for the app's code before the browser follows it itself. */
export const HELD_LINK_MS = 8000
/** What the status region says while a link is held. */
export const HELD_LINK_MESSAGE = 'Chargement de la page…'
export const earlyScript = [
  `(function(){var d=document,w=window,n=0,off=0,q=[],say;`,
  `if(!w.fetch||!w.URLSearchParams||!w.FormData||!w.Promise)return;`,
  // The status region: at the end of the body once the page is parsed (after the page's own
  // landmarks; so that a message is read out), empty until used; made at once if a message
  // comes before (an answer while the HTML still arrives).
  `(function(){var r,p,s,t;function make(){if(r)return;r=d.createElement('section');p=d.createElement('p');s=p.style;`,
  `r.setAttribute('aria-label','Messages');p.setAttribute('role','status');`,
  `s.position='fixed';s.left='1rem';s.right='1rem';s.bottom='1rem';s.margin='0 auto';s.maxWidth='24rem';`,
  `s.zIndex='60';s.textAlign='center';s.fontSize='.875rem';s.borderRadius='.5rem';s.color='#fff';`,
  `r.appendChild(p);d.body.appendChild(r)}`,
  `if(d.readyState==='loading')d.addEventListener('DOMContentLoaded',make);else make();`,
  `say=function(x){make();p.textContent=x;s.padding=x?'.75rem 1rem':'0';s.background=x?'#1c1917':'none';`,
  `clearTimeout(t);if(x)t=setTimeout(function(){say('')},5000)}})();`,
  `function idle(){return n?new Promise(function(r){q.push(r)}):Promise.resolve()}`,
  `function done(){if(--n===0){var l=q;q=[];l.forEach(function(r){r()})}}`,
  `d.addEventListener('submit',function(e){var f=e.target;`,
  `if(off||!f||!f.getAttribute||f.getAttribute('action')!==${JSON.stringify(CART_FORM_PATH)})return;`,
  `e.preventDefault();n++;`,
  `fetch(f.action,{method:'POST',body:new URLSearchParams(new FormData(f)),`,
  `headers:{${JSON.stringify(EARLY_CART_HEADER)}:'1'},credentials:'same-origin',priority:'high'})`,
  `.then(function(r){return r.json().then(function(j){`,
  `var a=d.querySelector('header a[href="/cart"]'),t=d.getElementById('${TEMPLATE_ID}'),b;`,
  `if(r.ok&&a&&t&&j.count>0){a.replaceChildren(t.content.cloneNode(true));`,
  `b=a.querySelector('[data-testid="cart-badge"]');if(b)b.textContent=String(j.count)}`,
  `say(j.message||j.error||'')})})`,
  // No answer (the connection dropped): the browser sends the form itself, as without script.
  `.catch(function(){f.submit()}).then(done)},true);`,
  // A link to a page that needs the code: held until the code is in (or HELD_LINK_MS).
  `var held,live=${drawnPagesPattern.toString()};`,
  `d.addEventListener('click',function(e){var a=e.target&&e.target.closest&&e.target.closest('a[href]'),u;`,
  `if(off||!a||e.defaultPrevented||e.button||e.metaKey||e.ctrlKey||e.shiftKey||e.altKey||a.target||a.hasAttribute('download'))return;`,
  `u=new URL(a.href,location.href);if(u.origin!==location.origin||live.test(u.pathname))return;`,
  `e.preventDefault();held=u.pathname+u.search+u.hash;a.setAttribute('aria-busy','true');say(${JSON.stringify(HELD_LINK_MESSAGE)});`,
  `setTimeout(function(){if(!off)location.assign(held)},${HELD_LINK_MS})},true);`,
  `w.__etalCart={stop:function(){return idle().then(function(){off=1;if(held)say('');`,
  `var a=d.querySelector('a[aria-busy="true"]');if(a)a.removeAttribute('aria-busy');return held})}}})();`,
].join('')
