import { useReducer, useState, type ChangeEvent, type FormEvent } from 'react';
import type { FormCheck } from '#shared/accounts/form-checks.ts';

/**
 * The small part of react-hook-form the public pages' forms use, so that the sign-in and
 * verification pages do not load it (15 KB gzip, and zod's 35 KB through its resolver). It
 * keeps react-hook-form's behaviour: inputs stay uncontrolled (registered by ref), a
 * submit checks every field and focuses the first invalid one, and after the first submit a
 * field is checked again as it changes (its own error only).
 */
type FormValues<V> = Record<keyof V, string | boolean>;
type Name<V> = keyof V & string;
export type FormErrors<V> = Partial<Record<Name<V>, { message: string }>>;

export interface FieldRegistration {
  name: string;
  ref: (element: HTMLInputElement | null) => void;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  onBlur: () => void;
}

/** A control that is not an input (a Radix checkbox): its value comes and goes through props. */
export interface ControlledField<T> {
  value: T;
  onChange: (value: T) => void;
  onBlur: () => void;
  ref: (element: HTMLElement | null) => void;
}

export interface Form<V extends FormValues<V>, Out = V> {
  register: (name: Name<V>) => FieldRegistration;
  control: <N extends Name<V>>(name: N) => ControlledField<V[N]>;
  /** The current value, re-rendering the form as it changes. */
  watch: <N extends Name<V>>(name: N) => V[N];
  handleSubmit: (onValid: (values: Out) => void) => (event?: FormEvent) => void;
  getValues: { (): V; <N extends Name<V>>(name: N): V[N] };
  setValue: <N extends Name<V>>(name: N, value: V[N]) => void;
  setError: (name: Name<V>, error: { message: string }, options?: { shouldFocus?: boolean }) => void;
  clearErrors: () => void;
  setFocus: (name: Name<V>) => void;
  reset: (values?: V) => void;
  resetField: (name: Name<V>) => void;
  formState: { readonly errors: FormErrors<V> };
}

export function createForm<V extends FormValues<V>, Out>(
  defaultValues: V,
  check: FormCheck<V, Out> | undefined,
  rerender: () => void,
): Form<V, Out> {
  let values: V = { ...defaultValues };
  let errors: FormErrors<V> = {};
  let submitted = false;
  // Insertion order is render order: the first invalid field in it takes the focus.
  const elements = new Map<Name<V>, HTMLElement>();
  const registrations = new Map<Name<V>, FieldRegistration>();
  const watched = new Set<Name<V>>();

  const show = (element: HTMLElement | undefined, value: V[Name<V>]) => {
    if (element && element.tagName === 'INPUT' && (element as HTMLInputElement).type !== 'checkbox')
      (element as HTMLInputElement).value = String(value);
  };
  const attach = (name: Name<V>, element: HTMLElement | null) => {
    if (!element) return;
    if (elements.get(name) !== element) show(element, values[name]);
    elements.set(name, element);
  };
  const focus = (name: Name<V>) => elements.get(name)?.focus();
  const setErrors = (next: FormErrors<V>) => {
    errors = next;
    rerender();
  };
  const verdict = () =>
    check ? check(values) : ({ ok: true, data: { ...values } as unknown as Out } as const);
  const changed = (name: Name<V>, value: V[Name<V>]) => {
    values = { ...values, [name]: value };
    if (submitted) {
      const result = verdict();
      const message = result.ok ? undefined : result.errors[name];
      if (message !== errors[name]?.message) {
        const next = { ...errors };
        if (message) next[name] = { message };
        else delete next[name];
        return setErrors(next);
      }
    }
    if (watched.has(name)) rerender();
  };

  return {
    register(name) {
      let registration = registrations.get(name);
      if (!registration) {
        registration = {
          name,
          ref: (element) => attach(name, element),
          onChange: (event) => changed(name, event.target.value as V[Name<V>]),
          onBlur: () => undefined,
        };
        registrations.set(name, registration);
      }
      return registration;
    },
    control(name) {
      watched.add(name);
      return {
        value: values[name],
        onChange: (value) => changed(name, value),
        onBlur: () => undefined,
        ref: (element) => attach(name, element),
      };
    },
    watch(name) {
      watched.add(name);
      return values[name];
    },
    handleSubmit(onValid) {
      return (event) => {
        event?.preventDefault();
        submitted = true;
        const result = verdict();
        if (!result.ok) {
          const next: FormErrors<V> = {};
          for (const [name, message] of Object.entries(result.errors) as [Name<V>, string | undefined][])
            if (message) next[name] = { message };
          setErrors(next);
          const firstInvalid = [...elements.keys()].find((name) => next[name]);
          if (firstInvalid) focus(firstInvalid);
          return;
        }
        setErrors({});
        onValid(result.data);
      };
    },
    getValues: ((name?: Name<V>) => (name === undefined ? { ...values } : values[name])) as Form<
      V,
      Out
    >['getValues'],
    setValue(name, value) {
      values = { ...values, [name]: value };
      show(elements.get(name), value);
      if (watched.has(name)) rerender();
    },
    setError(name, error, options) {
      setErrors({ ...errors, [name]: error });
      if (options?.shouldFocus) focus(name);
    },
    clearErrors: () => setErrors({}),
    setFocus: focus,
    reset(next = defaultValues) {
      values = { ...next };
      for (const [name, element] of elements) show(element, values[name]);
      submitted = false;
      setErrors({});
    },
    resetField(name) {
      values = { ...values, [name]: defaultValues[name] };
      show(elements.get(name), defaultValues[name]);
      const next = { ...errors };
      delete next[name];
      setErrors(next);
    },
    formState: {
      get errors() {
        return errors;
      },
    },
  };
}

/** One form's state; the returned object keeps its identity across renders, like react-hook-form's. */
export function useForm<V extends FormValues<V>, Out = V>(options: {
  defaultValues: V;
  check?: FormCheck<V, Out>;
}): Form<V, Out> {
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const [form] = useState(() => createForm(options.defaultValues, options.check, rerender));
  return form;
}
