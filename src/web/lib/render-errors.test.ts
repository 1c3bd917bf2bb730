import { afterEach, expect, test, vi } from 'vitest';
import { reportRecoverableError } from '#web/lib/render-errors.ts';

const reported: unknown[] = [];
vi.stubGlobal('reportError', (error: unknown) => reported.push(error));
afterEach(() => void reported.splice(0));

test('a render React had to retry is reported with what threw and in which component', () => {
  const thrown = new TypeError("Cannot read properties of undefined (reading 'map')");
  const wrapper = new Error('Minified React error #520', { cause: thrown });
  reportRecoverableError(wrapper, { componentStack: '\n    at RecipientList\n    at RequestPanel' });
  const [error] = reported as Error[];
  expect(error!.message).toContain('Minified React error #520');
  expect(error!.message).toContain(thrown.message);
  expect(error!.message).toContain('at RecipientList');
  expect(error!.cause).toBe(thrown);
});

test('an error without a cause is reported as it is', () => {
  const error = new Error('hydration');
  reportRecoverableError(error, {});
  expect(reported).toEqual([error]);
});
