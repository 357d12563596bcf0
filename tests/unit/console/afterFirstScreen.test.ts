// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterFirstScreen } from '../../../src/afterFirstScreen';

/** What loads after the first screen (src/afterFirstScreen.ts): once the page has been quiet. */
describe('afterFirstScreen', () => {
  afterEach(() => vi.useRealTimers());

  it('waits for a quiet second (at most ten), then runs the work once', () => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'requestIdleCallback', 'performance', 'Date'],
    });
    const work = vi.fn();
    afterFirstScreen(work);
    vi.advanceTimersByTime(750);
    expect(work).not.toHaveBeenCalled();
    // A quiet page runs it a second after the call; a page still loading by ten seconds.
    vi.advanceTimersByTime(10_000);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20_000);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
