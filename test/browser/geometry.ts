/**
 * What a player sees as broken layout, measured rather than pictured: the page scrolling
 * sideways, a control or label whose words are wider than its box or that leave the screen,
 * two controls lying on each other, text under 11 px and buttons under 24×24 px. `screenProblems` opens each screen and measures it
 * inside the page, in one call (a busy machine answers each call slowly).
 */
import type { TestPage } from './harness';

/**
 * A font wider than the one the page asks for (DejaVu Sans sets Latin text about a tenth wider
 * than Noto Sans, the system font here), so a layout that passes has room for the fonts of other
 * systems. Put into the document and, for an embedded game, into its shadow root. (And no
 * blur behind dialogs, which moves nothing and costs seconds a screen in a software renderer.)
 */
export const WIDER_FONT = `* { font-family: 'DejaVu Sans', sans-serif !important; }
  ::backdrop { backdrop-filter: none !important; }`;

export function useWiderFont(page: TestPage, host?: string): Promise<void> {
  return page.evaluate(
    ({ css, host }: { css: string; host: string | null }) => {
      const sheet = new CSSStyleSheet();
      sheet.replaceSync(css);
      const target = host ? document.querySelector(host)?.shadowRoot : document;
      if (!target) throw new Error(`no shadow root in ${host}`);
      target.adoptedStyleSheets = [...target.adoptedStyleSheets, sheet];
    },
    { css: WIDER_FONT, host: host ?? null },
  );
}

/** The smallest text anything shows, however small its frame, and the smallest button a finger or pointer must hit (WCAG 2.5.8). */
export const MIN_TEXT_PX = 11;
export const MIN_TARGET_PX = 24;

/** A click on `click` (or `show`: the dialog shown as it is), after which the dialog `opens` is open. */
export type Step = { readonly click: string; readonly opens: string } | { readonly show: string };

/** One screen: measured under `root` once its steps have opened it; every dialog is closed after. */
export interface Screen {
  readonly name: string;
  readonly root: string;
  readonly steps?: readonly Step[];
}

/** Each screen's layout problems as "what: why" (a screen without any has none listed). `host`: inside its shadow root. */
export function screenProblems(page: TestPage, screens: readonly Screen[], host?: string): Promise<Record<string, string[]>> {
  return page.evaluate(
    async ({
      screens,
      host,
      minText,
      minTarget,
    }: {
      screens: readonly Screen[];
      host: string | null;
      minText: number;
      minTarget: number;
    }) => {
      const [MIN_TEXT_PX, MIN_TARGET_PX] = [minText, minTarget];
      const scope: Document | ShadowRoot | null = host ? (document.querySelector(host)?.shadowRoot ?? null) : document;
      if (!scope) return { [host ?? 'page']: ['no shadow root'] };
      const name = (el: Element): string =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${typeof el.className === 'string' && el.className ? `.${el.className.split(' ')[0]}` : ''} “${(el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 24)}”`;
      const shown = (el: Element): boolean => {
        if (el.closest('.visually-hidden, [hidden], select, svg')) return false;
        const box = el.getBoundingClientRect();
        // A 1 px box is a label kept for screen readers only (the icon-only layout).
        return box.width > 1 && box.height > 1 && getComputedStyle(el).visibility !== 'hidden';
      };
      const check = (base: Element): string[] => {
        const problems: string[] = [];
        const texts = [
          ...base.querySelectorAll<HTMLElement>(
            ':is([data-i18n], button, label, legend, h1, h2, p, select, a.button, .score-label, .score-value, .menu-list > *, kbd)',
          ),
        ].filter(shown);
        for (const el of texts) {
          const box = el.getBoundingClientRect();
          if (box.left < -0.5 || box.right > innerWidth + 0.5)
            problems.push(`${name(el)}: off the screen (${Math.round(box.left)}…${Math.round(box.right)} of ${innerWidth})`);
          const style = getComputedStyle(el);
          // An inline element has no box of its own to overflow; a button with its words cut does.
          if (style.display !== 'inline' && el.scrollWidth > el.clientWidth + 1)
            problems.push(`${name(el)}: words wider than the box (${el.scrollWidth} > ${el.clientWidth})`);
          if (parseFloat(style.fontSize) < MIN_TEXT_PX - 0.05)
            problems.push(`${name(el)}: text of ${style.fontSize}, under ${MIN_TEXT_PX} px`);
          if (el.matches('button, select') && (box.width < MIN_TARGET_PX || box.height < MIN_TARGET_PX))
            problems.push(
              `${name(el)}: a target of ${Math.round(box.width)}×${Math.round(box.height)} px, under ${MIN_TARGET_PX}×${MIN_TARGET_PX}`,
            );
        }
        // Controls and labels side by side must not lie on each other (an element and what it holds may).
        const controls = [
          ...base.querySelectorAll<HTMLElement>(
            ':is(button, select, input:not([type=radio]):not([type=checkbox]), label, a.button, .score-card, .brand, legend, h2)',
          ),
        ].filter(shown);
        for (let i = 0; i < controls.length; i++)
          for (let j = i + 1; j < controls.length; j++) {
            const a = controls[i]!;
            const b = controls[j]!;
            if (a.contains(b) || b.contains(a)) continue;
            const p = a.getBoundingClientRect();
            const q = b.getBoundingClientRect();
            const across = Math.min(p.right, q.right) - Math.max(p.left, q.left);
            const down = Math.min(p.bottom, q.bottom) - Math.max(p.top, q.top);
            if (across > 1 && down > 1) problems.push(`${name(a)} and ${name(b)} overlap (${Math.round(across)}×${Math.round(down)} px)`);
          }
        const page = document.documentElement;
        if (page.scrollWidth > page.clientWidth) problems.push(`the page scrolls sideways (${page.scrollWidth} > ${page.clientWidth})`);
        return problems;
      };
      const until = async (done: () => boolean, what: string): Promise<void> => {
        for (const end = Date.now() + 30_000; !done(); await new Promise((next) => setTimeout(next, 20)))
          if (Date.now() > end) throw new Error(`${what}: still waiting after 30 s`);
      };
      const dialog = (id: string): HTMLDialogElement | null => document.getElementById(id) as HTMLDialogElement | null;
      const found: Record<string, string[]> = {};
      for (const screen of screens) {
        for (const step of screen.steps ?? []) {
          if ('show' in step) dialog(step.show)?.showModal();
          else {
            scope.querySelector<HTMLElement>(step.click)?.click();
            await until(() => dialog(step.opens)?.open === true, `${screen.name}: ${step.opens} to open`);
          }
        }
        // Opening sheets slide and scale: measured where they come to rest.
        for (const animation of document.getAnimations())
          if (animation.effect?.getComputedTiming().iterations !== Infinity) animation.finish();
        await new Promise((next) => requestAnimationFrame(next));
        const base = scope.querySelector(screen.root);
        const problems = base ? check(base) : [`${screen.root} is not there`];
        if (problems.length > 0) found[screen.name] = problems;
        for (const open of [...document.querySelectorAll('dialog[open]')].reverse()) (open as HTMLDialogElement).close();
        await until(() => document.querySelector('dialog[open]') === null, `${screen.name}: dialogs to close`);
      }
      return found;
    },
    { screens, host: host ?? null, minText: MIN_TEXT_PX, minTarget: MIN_TARGET_PX },
  );
}
