/** One thing a visitor does on a page; the driver turns each into DOM events and advances the clock. */
export type Action =
  /** Stays on the spot for `ms`, moving the mouse `moves` times (desktop). */
  | { kind: 'read'; ms: number; moves: number }
  /** Scrolls smoothly to `to` (window.scrollY, px) over `ms`. */
  | { kind: 'scroll'; to: number; ms: number }
  /** Moves onto a call to action (element id), stays `ms`, clicks or not, moves off. */
  | { kind: 'hover'; target: string; ms: number; click: boolean }
  /** Focuses a field, types `text` at `msPerChar`, leaves the field. */
  | { kind: 'type'; field: string; text: string; msPerChar: number }
  /** Focuses a field for `ms` and leaves without typing. */
  | { kind: 'glance'; field: string; ms: number }
  /** Clicks a form's submit button (element id). */
  | { kind: 'submit'; button: string }
  /** Switches to another tab for `ms` (the page is hidden, then shown again). */
  | { kind: 'away'; ms: number }
  /** Leaves for another page: by a header link or a call to action (clicked after `ms` on it), or by going back. */
  | { kind: 'navigate'; to: string; via: 'link' | 'cta' | 'back'; target?: string; ms: number };

/** Time the pointer takes to reach an element, ms. */
export const APPROACH_MS = 240;
/** Time between a click (or the end of a hover) and the pointer leaving the element, ms. */
export const LEAVE_MS = 150;
/** Time to focus a field and to leave it, ms. */
export const FOCUS_MS = 300;

/** How long an action takes in virtual time; plans and the driver share it, so plans know their length. */
export const actionMs = (a: Action): number => {
  switch (a.kind) {
    case 'read':
    case 'scroll':
    case 'away':
      return a.ms;
    case 'hover':
      return APPROACH_MS + a.ms + LEAVE_MS;
    case 'type':
      return 2 * FOCUS_MS + a.text.length * a.msPerChar;
    case 'glance':
      return 2 * FOCUS_MS + a.ms;
    case 'submit':
      return APPROACH_MS + 400;
    case 'navigate':
      return a.via === 'back' ? 300 : APPROACH_MS + a.ms;
  }
};
