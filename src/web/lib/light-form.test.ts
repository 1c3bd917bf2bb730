import { expect, test } from 'vitest';
import { createForm } from './light-form.ts';

const field = (value: string) => ({ value, focus: () => undefined }) as unknown as HTMLInputElement;

test('what a field holds when it is registered is kept, not wiped with the default', async () => {
  const form = createForm({ reference: '' });
  const input = field('SIG-20261128-0421');
  form.register('reference').ref(input);
  expect(input.value).toBe('SIG-20261128-0421');
  let sent: unknown;
  await form.handleSubmit((values) => (sent = values))();
  expect(sent).toEqual({ reference: 'SIG-20261128-0421' });
});

test('submit sends what the fields hold now, even a value no change event reported', async () => {
  const form = createForm({ reference: '' });
  const input = field('');
  form.register('reference').ref(input);
  input.value = 'SIG-20261128-0422';
  let sent: unknown;
  await form.handleSubmit((values) => (sent = values))();
  expect(sent).toEqual({ reference: 'SIG-20261128-0422' });
});
