// Whether the kernel is still there, as this page hears it: the kernel pings
// every view once a second while a game is on (widget/network.py). A page
// that has heard pings and then none for QUIET_MS tells its person at once
// that the link is down and that nothing they do is lost (their moves wait in
// the outbox), and clears that when a ping comes again. The kernel keeps its
// own rules meanwhile: its computer stands still from 2 s, the game pauses at 5 s.

/**
 * Silence (ms) after which the page says the link is down: twice the ping's
 * second, above a far trip. The last ping comes at the cut at the latest, so
 * the page says so at most QUIET_MS + LOOK_MS after it (2.25 s).
 */
export const QUIET_MS = 2000;
/** How often the page looks. */
export const LOOK_MS = 250;

/**
 * @param {{now: () => number, expecting: () => boolean, onDown: () => void, onUp: () => void}} hooks
 *   `expecting`: whether pings should be coming now (a game on, or people seated)
 */
export function createLink({ now, expecting, onDown, onUp }) {
  /** @type {number | null} */
  let heardAt = null;
  let down = false;
  return {
    /** A ping came. */
    heard() {
      heardAt = now();
      if (down) {
        down = false;
        onUp();
      }
    },
    /** Look at the silence (every LOOK_MS). */
    look() {
      if (down || heardAt == null) return;
      if (!expecting()) {
        heardAt = now(); // no pings due (the game is over): silence says nothing
        return;
      }
      if (now() - heardAt > QUIET_MS) {
        down = true;
        onDown();
      }
    },
    isDown: () => down,
  };
}
