import { useState, useSyncExternalStore, type FormEvent } from 'react';

/** The form's check: the checked values, or a message per field. */
export type FormCheck<V, Out> = (values: V) => Promise<{ values: Out } | { errors: Errors<V> }>;

export type Errors<V> = Partial<Record<keyof V & string, { message: string }>>;

export function createForm<V extends Record<keyof V, string>, Out>(defaults: V, check?: FormCheck<V, Out>) {
  type Name = keyof V & string;
  let values = { ...defaults };
  let errors: Errors<V> = {};
  let submitted = false;
  const elements = new Map<string, HTMLInputElement>();
  const listeners = new Set<() => void>();

  const setErrors = (next: Errors<V>) => {
    errors = next;
    for (const listener of listeners) listener();
  };
  const setError = (name: Name, error: { message: string }, opts?: { shouldFocus?: boolean }) => {
    setErrors({ ...errors, [name]: error });
    if (opts?.shouldFocus) elements.get(name)?.focus();
  };
  const clearField = (name: Name) => {
    if (!(name in errors)) return;
    const { [name]: _, ...rest } = errors;
    setErrors(rest as Errors<V>);
  };
  const setValue = (name: Name, value: string) => {
    values = { ...values, [name]: value };
    const element = elements.get(name);
    if (element) element.value = value;
  };
  const onChange = async (event: { target: { name: string; value: string } }) => {
    const name = event.target.name as Name;
    values = { ...values, [name]: event.target.value };
    if (!submitted) return;
    const result = check ? await check(values) : { values: null };
    const error = 'errors' in result ? result.errors[name] : undefined;
    if (error) setError(name, error);
    else clearField(name);
  };

  return {
    subscribe: (listener: () => void) => {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    errors: () => errors,
    formState: {
      get errors() {
        return errors;
      },
    },
    register: (name: Name) => ({
      name,
      onChange,
      onBlur: async () => {},
      ref: (element: HTMLInputElement | null) => {
        if (!element) return void elements.delete(name);
        elements.set(name, element);
        // What was typed into the field before it was registered (the page's own markup, before
        // the app took over) is kept, not wiped with the default.
        if (element.value && !values[name]) values = { ...values, [name]: element.value };
        else element.value = values[name];
      },
    }),
    getValues: (name: Name) => values[name],
    setValue,
    setError,
    clearErrors: () => setErrors({}),
    setFocus: (name: Name) => elements.get(name)?.focus(),
    resetField: (name: Name) => {
      setValue(name, defaults[name]);
      clearField(name);
    },
    reset: () => {
      for (const name of Object.keys(defaults) as Name[]) setValue(name, defaults[name]);
      submitted = false;
      setErrors({});
    },
    handleSubmit: (onValid: (values: Out) => unknown) => async (event?: FormEvent) => {
      event?.preventDefault();
      // The fields are uncontrolled: what they hold now is what is sent, even where no change
      // event reached the form (a value filled in before the app attached its handlers).
      for (const [name, element] of elements) values = { ...values, [name]: element.value };
      const result = check ? await check(values) : { values: values as unknown as Out };
      submitted = true;
      if ('errors' in result) {
        setErrors(result.errors);
        const first = [...elements.keys()].find((name) => name in result.errors);
        if (first) elements.get(first)?.focus();
        return;
      }
      setErrors({});
      await onValid(result.values);
    },
  };
}

/**
 * The few parts of react-hook-form the public pages' forms use (register, errors, submit), small
 * enough to come with the page: the verification and sign-in pages load react-hook-form not at all.
 * As there, fields are uncontrolled, the form is one object for its life (effects may depend on
 * it), the first field in error takes the focus on submit, and once submitted a field is checked
 * again as it changes.
 */
export function useLightForm<V extends Record<keyof V, string>, Out = V>(options: {
  defaultValues: V;
  check?: FormCheck<V, Out>;
}) {
  const [form] = useState(() => createForm(options.defaultValues, options.check));
  useSyncExternalStore(form.subscribe, form.errors, form.errors);
  return form;
}

export type LightForm<V extends Record<keyof V, string>, Out = V> = ReturnType<typeof createForm<V, Out>>;
