import { describe, expect, it } from 'vitest';
import { createRemote } from '#web/lib/remote.ts';

/** A fetcher whose answers the test hands out one by one, in any order. */
function controlled<T>() {
  const calls: Array<{ resolve: (value: T) => void; reject: (error: Error) => void }> = [];
  const fetcher = () => new Promise<T>((resolve, reject) => calls.push({ resolve, reject }));
  return { fetcher, calls };
}

describe('createRemote (the shell’s current user and site settings)', () => {
  it('starts pending, takes the answer, and tells its readers', async () => {
    const { fetcher, calls } = controlled<string>();
    const remote = createRemote(fetcher);
    const seen: string[] = [];
    remote.subscribe(() => seen.push(`${remote.get().status}:${remote.get().data ?? '-'}`));
    expect(remote.get()).toMatchObject({ status: 'pending', data: undefined, fetching: false });
    const done = remote.refresh();
    expect(remote.get().fetching).toBe(true);
    calls[0]!.resolve('Ada');
    await done;
    expect(remote.get()).toMatchObject({ status: 'success', data: 'Ada', error: null, fetching: false });
    expect(seen).toEqual(['pending:-', 'success:Ada']);
  });

  it('a set value wins over an answer still on its way (a sign-in during the first fetch)', async () => {
    const { fetcher, calls } = controlled<string | null>();
    const remote = createRemote(fetcher);
    const done = remote.refresh();
    remote.set('signed-in');
    calls[0]!.resolve(null);
    await done;
    expect(remote.get()).toMatchObject({ status: 'success', data: 'signed-in' });
  });

  it('only the latest refresh counts, whatever order the answers come in', async () => {
    const { fetcher, calls } = controlled<string>();
    const remote = createRemote(fetcher);
    const first = remote.refresh();
    const second = remote.refresh();
    calls[1]!.resolve('new');
    calls[0]!.resolve('old');
    await Promise.all([first, second]);
    expect(remote.get().data).toBe('new');
  });

  it('a failed first load is an error; a failed refresh keeps the value shown', async () => {
    const { fetcher, calls } = controlled<string>();
    const remote = createRemote(fetcher);
    const failing = remote.refresh();
    calls[0]!.reject(new Error('offline'));
    await failing;
    expect(remote.get()).toMatchObject({ status: 'error', data: undefined });
    expect(remote.get().error?.message).toBe('offline');
    const ok = remote.refresh();
    calls[1]!.resolve('Site');
    await ok;
    const again = remote.refresh();
    calls[2]!.reject(new Error('offline'));
    await again;
    expect(remote.get()).toMatchObject({ status: 'success', data: 'Site' });
  });

  it('ensure fetches only when nothing is known, and shares a fetch under way', async () => {
    const { fetcher, calls } = controlled<number>();
    const remote = createRemote(fetcher);
    const a = remote.ensure();
    const b = remote.ensure();
    expect(calls).toHaveLength(1);
    calls[0]!.resolve(7);
    await expect(Promise.all([a, b])).resolves.toEqual([7, 7]);
    await expect(remote.ensure()).resolves.toBe(7);
    expect(calls).toHaveLength(1);
    remote.set(8);
    await expect(remote.ensure()).resolves.toBe(8);
  });

  it('ensure rejects when the fetch fails', async () => {
    const { fetcher, calls } = controlled<number>();
    const remote = createRemote(fetcher);
    const result = remote.ensure();
    calls[0]!.reject(new Error('nope'));
    await expect(result).rejects.toThrow('nope');
  });
});
