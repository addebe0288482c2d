/**
 * Modal dialogs on the native `<dialog>`: `showModal` makes the rest of the page inert and
 * keeps focus inside; Escape fires "cancel". Each dialog holds a `<form method="dialog">`
 * whose buttons close it with their `value` as the answer.
 */
import { createLifetime } from './lifetime';

export interface AskOptions {
  readonly lightDismiss?: boolean;
  /**
   * false: an in-place dialog (embeds). It opens outside the top layer, so the host page stays
   * usable; Escape answers ""; focus moves into it, without scrolling, only from its own
   * document or shadow root, so a host page's text field never loses focus to it.
   */
  readonly modal?: boolean;
}

/** Opens `dialog` and resolves with the value of the button that closed it ("" for Escape or a click outside). */
export function ask(dialog: HTMLDialogElement, options: AskOptions = {}): Promise<string> {
  if (dialog.open) dialog.close('');
  dialog.returnValue = '';
  // What this question listens to and watches, until it is answered.
  const asking = createLifetime();
  const onClick = (event: MouseEvent): void => {
    // A click on the backdrop reaches the dialog itself, outside its box.
    if (event.target !== dialog) return;
    const r = dialog.getBoundingClientRect();
    const inside = event.clientX >= r.left && event.clientX <= r.right && event.clientY >= r.top && event.clientY <= r.bottom;
    if (!inside) dialog.close('');
  };
  const onKey = (event: KeyboardEvent): void => {
    if (event.key !== 'Escape') return;
    event.preventDefault();
    dialog.close('');
  };
  if (options.lightDismiss) asking.listen(dialog, 'click', onClick);
  if (options.modal === false) {
    const focused = (dialog.getRootNode() as Document | ShadowRoot).activeElement;
    // Not show(): it would move focus (and scroll the page) even while the host page is in use.
    dialog.setAttribute('open', '');
    asking.listen(dialog, 'keydown', onKey);
    // `data-autofocus` marks the default button where an `autofocus` attribute would take focus at page load.
    if (focused && focused !== dialog.ownerDocument.body)
      dialog.querySelector<HTMLElement>('[data-autofocus], [autofocus]')?.focus({ preventScroll: true });
  } else {
    dialog.showModal();
  }
  // Watch the `open` attribute rather than wait for the "close" event: browsers may hold that
  // event until the next rendered frame, and a page that draws nothing would never answer.
  return new Promise((resolve) => {
    const watch = asking.own(
      new MutationObserver(() => {
        if (dialog.open) return;
        asking.end();
        resolve(dialog.returnValue);
      }),
    );
    watch.observe(dialog, { attributes: true, attributeFilter: ['open'] });
  });
}

export interface ConfirmText {
  readonly title: string;
  readonly message: string;
  readonly confirm: string;
  readonly cancel: string;
}

/** Asks a yes/no question in the page's confirm dialog; true only for the confirm button. */
export async function confirmWith(dialog: HTMLDialogElement, text: ConfirmText, options: Pick<AskOptions, 'modal'> = {}): Promise<boolean> {
  const fill = (selector: string, value: string): void => {
    const node = dialog.querySelector<HTMLElement>(selector);
    if (node) node.textContent = value;
  };
  fill('[data-confirm="title"]', text.title);
  fill('[data-confirm="message"]', text.message);
  fill('button[value="confirm"]', text.confirm);
  fill('button[value="cancel"]', text.cancel);
  return (await ask(dialog, { lightDismiss: true, ...options })) === 'confirm';
}
