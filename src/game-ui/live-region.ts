/**
 * A polite live region. Saying the same words twice in a row still gets them announced:
 * the text alternates a trailing no-break space so the region always changes.
 */
export function createAnnouncer(region: HTMLElement): { say(text: string): void } {
  let flip = false;
  return {
    say(text) {
      flip = !flip;
      region.textContent = flip ? text : `${text}\u00a0`;
    },
  };
}
