import { describe, expect, it } from 'vitest';
import { queueCommands } from '../../src/input';
import { manualFrames, recorder } from './fakes';

describe('the move queue', () => {
  it('applies the first move at once so it shows in the next frame', () => {
    const { log, commands } = recorder();
    const q = queueCommands(commands as never, { frames: manualFrames() });
    q.move('left');
    expect(log).toEqual(['left']);
  });

  it('gives each move of a burst a frame of its own, in order, with undo in its place', () => {
    const { log, commands } = recorder();
    const frames = manualFrames();
    const q = queueCommands(commands as never, { frames });
    q.move('left');
    q.move('up');
    q.undo();
    q.move('right');
    expect(log).toEqual(['left']);
    frames.step();
    expect(log).toEqual(['left', 'up']);
    frames.step();
    frames.step();
    expect(log).toEqual(['left', 'up', 'undo', 'right']);
    frames.step();
    expect(frames.scheduled).toBe(0);
  });

  it('never drops a move: past its capacity the oldest waiting move applies at once', () => {
    const { log, commands } = recorder();
    const frames = manualFrames();
    const q = queueCommands(commands as never, { frames, capacity: 2 });
    for (const dir of ['left', 'up', 'right', 'down', 'left']) q.move(dir as never);
    expect(log).toEqual(['left', 'up', 'right']);
    expect(q.pending).toBe(2);
    frames.step();
    frames.step();
    expect(log).toEqual(['left', 'up', 'right', 'down', 'left']);
  });

  it('applies waiting moves before a new game, and applies each exactly once', () => {
    const { log, commands } = recorder();
    const frames = manualFrames();
    const q = queueCommands(commands as never, { frames });
    q.move('left');
    q.move('down');
    q.newGame();
    frames.step();
    frames.step();
    expect(log).toEqual(['left', 'down', 'new']);
  });

  it('applies what waits and stops its frames when disposed', () => {
    const { log, commands } = recorder();
    const frames = manualFrames();
    const q = queueCommands(commands as never, { frames });
    q.move('left');
    q.move('down');
    q.dispose();
    expect(log).toEqual(['left', 'down']);
    expect(frames.scheduled).toBe(0);
  });
});
