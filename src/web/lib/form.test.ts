import type { ChangeEvent, FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { checkLogin } from '#shared/accounts/form-checks.ts';
import { accountMessages as m } from '#shared/accounts/messages.ts';
import { createForm } from '#web/lib/form.ts';

/** Enough of an <input> for the form: its value, its type and whether it was focused. */
function input(type = 'text') {
  return { tagName: 'INPUT', type, value: '', focus: vi.fn() } as unknown as HTMLInputElement & {
    focus: ReturnType<typeof vi.fn>;
  };
}
const change = (target: HTMLInputElement, value: string) => {
  target.value = value;
  return { target } as ChangeEvent<HTMLInputElement>;
};

function loginForm(defaults = { email: '', password: '', captcha: '' }) {
  const rerender = vi.fn();
  const form = createForm(defaults, checkLogin, rerender);
  const fields = { email: input('email'), password: input('password'), captcha: input() };
  for (const [name, element] of Object.entries(fields)) form.register(name as 'email').ref(element);
  return { form, fields, rerender };
}

describe('useForm (the public forms without react-hook-form)', () => {
  it('shows the default values in the registered inputs', () => {
    const { fields } = loginForm({ email: 'ada@example.com', password: '', captcha: '' });
    expect(fields.email.value).toBe('ada@example.com');
  });

  it('checks every field on submit, shows the first message of each and focuses the first invalid one', () => {
    const { form, fields } = loginForm();
    const onValid = vi.fn();
    const preventDefault = vi.fn();
    form.register('password').onChange(change(fields.password, 'secret1'));
    form.handleSubmit(onValid)({ preventDefault } as unknown as FormEvent);
    expect(preventDefault).toHaveBeenCalled();
    expect(onValid).not.toHaveBeenCalled();
    expect(form.formState.errors).toEqual({
      email: { message: m.emailInvalid },
      captcha: { message: m.captchaRequired },
    });
    expect(fields.email.focus).toHaveBeenCalledOnce();
    expect(fields.captcha.focus).not.toHaveBeenCalled();
  });

  it('after a submit, checks a field again as it changes, its own error only', () => {
    const { form, fields } = loginForm();
    form.handleSubmit(vi.fn())();
    form.register('email').onChange(change(fields.email, 'ada@example.com'));
    expect(form.formState.errors.email).toBeUndefined();
    expect(form.formState.errors.captcha).toEqual({ message: m.captchaRequired });
    form.register('email').onChange(change(fields.email, 'ada@'));
    expect(form.formState.errors.email).toEqual({ message: m.emailInvalid });
  });

  it('does not check before the first submit', () => {
    const { form, fields } = loginForm();
    form.register('email').onChange(change(fields.email, 'nope'));
    expect(form.formState.errors).toEqual({});
  });

  it('hands the checked (trimmed) values to the submit handler', () => {
    const { form, fields } = loginForm();
    form.register('email').onChange(change(fields.email, ' ada@example.com '));
    form.register('password').onChange(change(fields.password, 'secret1'));
    form.register('captcha').onChange(change(fields.captcha, ' ab12 '));
    const onValid = vi.fn();
    form.handleSubmit(onValid)();
    expect(onValid).toHaveBeenCalledWith({ email: 'ada@example.com', password: 'secret1', captcha: 'ab12' });
    expect(form.formState.errors).toEqual({});
  });

  it('resets one field (value and error) or the whole form', () => {
    const { form, fields } = loginForm();
    form.register('captcha').onChange(change(fields.captcha, 'xx'));
    form.setError('captcha', { message: 'Wrong answer' }, { shouldFocus: true });
    expect(fields.captcha.focus).toHaveBeenCalled();
    form.resetField('captcha');
    expect(fields.captcha.value).toBe('');
    expect(form.getValues('captcha')).toBe('');
    expect(form.formState.errors.captcha).toBeUndefined();
    form.setValue('email', 'x@y.zz');
    expect(fields.email.value).toBe('x@y.zz');
    form.handleSubmit(vi.fn())();
    form.reset({ email: '', password: '', captcha: '' });
    expect(fields.email.value).toBe('');
    expect(form.formState.errors).toEqual({});
    // A reset form is not submitted any more: changes are not checked.
    form.register('email').onChange(change(fields.email, 'nope'));
    expect(form.formState.errors).toEqual({});
  });

  it('without rules, a submit clears errors set before and passes the values through', () => {
    const form = createForm({ reference: '', captcha: '' }, undefined, vi.fn());
    form.setError('reference', { message: 'Enter a reference' });
    const onValid = vi.fn();
    form.handleSubmit(onValid)();
    expect(form.formState.errors).toEqual({});
    expect(onValid).toHaveBeenCalledWith({ reference: '', captcha: '' });
  });
});
