/** Whether a dialog is open on the page (then moves wait). Apart from dialogs.ts, so asking does not load the dialogs' code. */
export const anyModalOpen = (doc: Document): boolean => doc.querySelector('dialog[open]') !== null;
