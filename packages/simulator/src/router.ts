import type { Browser } from './browser';
import { renderBody } from './site-render';

/** The site's own script: single-page navigation and what its buttons and forms do. */
export type Router = {
  /** Renders a page and pushes its URL (the SDK sees the pushState and starts a page). */
  navigate(path: string): void;
  /** Goes back one page: renders it, changes the URL without a push, and fires popstate. */
  back(): void;
  /** The paths shown so far, oldest first (the history stack). */
  readonly stack: string[];
  /** Pages started: the landing page and every navigation to another URL (what the SDK counts as a page). */
  readonly views: number;
};

type RI = (command: string, ...args: unknown[]) => void;

/**
 * Installs the synthetic site's behaviour in the window, the way a single-page app would: links to
 * `/…` and the buttons' actions are handled without a page load, forms are submitted by script
 * (a conversion is reported with `RI('conversion', …)` before the thank-you page), and the new page
 * is rendered before its URL changes, so the SDK's page view carries the new title.
 */
export const installRouter = (browser: Browser): Router => {
  const { window, document, site } = browser;
  const stack = [window.location.pathname];
  const show = (path: string) => {
    const page = site.getPage(path);
    browser.setPage(page);
    document.title = page.title;
    // The header and footer stay, as in a single-page app: only <main> is rendered again.
    const main = document.getElementById('main');
    if (main) {
      main.setAttribute('data-page', page.path);
      main.innerHTML = page.html;
    } else document.body.innerHTML = renderBody(page, site);
  };
  let views = 1;
  const where = () => window.location.pathname + window.location.search;
  const navigate = (path: string) => {
    show(path);
    stack.push(path);
    const before = where();
    window.history.pushState({ path }, '', path);
    if (where() !== before) views++;
  };
  const back = () => {
    if (stack.length < 2) return;
    stack.pop();
    const path = stack[stack.length - 1]!;
    show(path);
    // The prototype's pushState changes the URL without the SDK's wrapper: only popstate tells it.
    const before = where();
    Object.getPrototypeOf(window.history).pushState.call(window.history, { path }, '', path);
    if (where() !== before) views++;
    window.dispatchEvent(new window.PopStateEvent('popstate', { state: { path } }));
  };

  document.addEventListener('click', (e) => {
    const target = e.target as Element;
    const link = target.closest?.('a[href^="/"]');
    if (link) {
      e.preventDefault();
      navigate(link.getAttribute('href')!);
      return;
    }
    const button = target.closest?.('[data-action]');
    if (!button) return;
    const action = button.getAttribute('data-action');
    if (action === 'add-to-cart') {
      const count = document.getElementById('cart-count');
      if (count) count.textContent = String(Number(count.textContent) + 1);
      navigate(site.flows.cart);
    } else if (action === 'plan-option' || action === 'billing-toggle') {
      for (const b of button.parentElement?.querySelectorAll(`[data-action="${action}"]`) ?? [])
        b.classList.remove('selected');
      button.classList.add('selected');
    } else if (action === 'faq-toggle') {
      button.setAttribute('aria-expanded', String(button.getAttribute('aria-expanded') !== 'true'));
    } else if (action === 'play-video') {
      button.setAttribute('data-playing', 'true');
    }
  });

  document.addEventListener('submit', (e) => {
    e.preventDefault();
    const form = e.target as HTMLFormElement;
    const spec = browser.page().forms.find((f) => f.id === form.id);
    if (!spec) return;
    const ri = (window as unknown as { RI?: RI }).RI;
    if (spec.conversion && ri) ri('conversion', spec.conversion);
    if (spec.to) navigate(spec.to);
    else form.insertAdjacentHTML('afterend', '<p class="form-thanks">Thanks, we got it.</p>');
  });

  return {
    navigate,
    back,
    stack,
    get views() {
      return views;
    },
  };
};
