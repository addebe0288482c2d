import type { Lang } from '../i18n/core';
import { ENGLISH, say } from '../i18n/core';
import { EN_DIALOGS } from '../i18n/en/dialogs';
import { noticeText } from '../i18n/notice';
import type { GameView, Notice, ReadonlyStore } from '../store/types';

export interface PageNotice {
  readonly message: string;
  /** An optional button, e.g. "Reload" for an update. */
  readonly action?: { readonly label: string; run(): void };
}

interface Shown {
  readonly el: HTMLElement;
}

/**
 * Short notices above the board: the store's (corrupt save, storage unavailable, synced) and
 * the page's own (skin fallback, link problems, updates). Each shows once until dismissed.
 */
export function mountNotices(
  container: HTMLElement,
  store: ReadonlyStore<GameView>,
  dismissStoreNotice: (id: number) => void,
  lang: () => Lang = () => ENGLISH,
): { add(notice: PageNotice): void; dispose(): void } {
  const doc = container.ownerDocument;
  const shown = new Map<string, Shown>();
  let pageIds = 0;

  const render = (key: string, message: string, onDismiss: () => void, action?: PageNotice['action']): void => {
    const el = doc.createElement('div');
    el.className = 'notice';
    const text = doc.createElement('p');
    text.textContent = message;
    el.append(text);
    if (action) {
      const button = doc.createElement('button');
      button.type = 'button';
      button.className = 'button small primary';
      button.textContent = action.label;
      button.addEventListener('click', () => action.run());
      el.append(button);
    }
    const close = doc.createElement('button');
    close.type = 'button';
    close.className = 'notice-close';
    close.setAttribute('aria-label', say(lang(), EN_DIALOGS, 'notice.dismiss'));
    close.textContent = '×';
    close.addEventListener('click', onDismiss);
    el.append(close);
    container.append(el);
    shown.set(key, { el });
  };

  const remove = (key: string): void => {
    shown.get(key)?.el.remove();
    shown.delete(key);
  };

  const sync = (notices: readonly Notice[]): void => {
    const live = new Set(notices.map((n) => `store:${n.id}`));
    for (const key of [...shown.keys()]) if (key.startsWith('store:') && !live.has(key)) remove(key);
    for (const n of notices)
      if (!shown.has(`store:${n.id}`)) render(`store:${n.id}`, noticeText(n, lang()), () => dismissStoreNotice(n.id));
  };

  sync(store.getState().notices);
  const unsubscribe = store.subscribe((view, previous) => {
    if (view.notices !== previous.notices) sync(view.notices);
  });
  return {
    add(notice) {
      const key = `page:${++pageIds}`;
      render(key, notice.message, () => remove(key), notice.action);
    },
    dispose() {
      unsubscribe();
      for (const key of [...shown.keys()]) remove(key);
    },
  };
}
