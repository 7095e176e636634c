import { type LoginFormErrors, type LoginFormValues, validateLogin } from '@receptoria/contracts/auth/login-form';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';

type Field = keyof LoginFormValues;
type FieldErrors = Partial<Record<Field, { message: string }>>;

/** In the order the form shows them: the first wrong one takes the focus. */
const FIELDS: readonly Field[] = ['username', 'password'];

function fieldErrors(errors: LoginFormErrors): FieldErrors {
  const result: FieldErrors = {};
  for (const field of FIELDS) {
    const message = errors[field];
    if (message !== undefined) result[field] = { message };
  }
  return result;
}

/**
 * The sign-in form's state with no form library or zod, so the first page stays small. It behaves as
 * the product's other forms do: the contract's rules run on submit, the first wrong field takes the
 * focus, after a failed attempt each field is checked again as it changes, and `onValid` receives the
 * checked values (username trimmed). Used like react-hook-form: `register(name)` on each input,
 * `handleSubmit(onValid)` on the form, `formState.errors` and `formState.isSubmitting`.
 */
export function useLoginForm() {
  const values = useRef<LoginFormValues>({ username: '', password: '' });
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});
  const attempted = useRef(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setSubmitting] = useState(false);

  const register = (name: Field) => ({
    name,
    ref: (element: HTMLInputElement | null) => {
      inputs.current[name] = element;
    },
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      values.current = { ...values.current, [name]: event.target.value };
      if (!attempted.current) return;
      const result = validateLogin(values.current);
      const message = result.success ? undefined : result.errors[name];
      setErrors((current) => {
        const next = { ...current };
        if (message === undefined) delete next[name];
        else next[name] = { message };
        return next;
      });
    },
  });

  const handleSubmit = (onValid: (checked: LoginFormValues) => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    attempted.current = true;
    const result = validateLogin(values.current);
    if (!result.success) {
      setErrors(fieldErrors(result.errors));
      const first = FIELDS.find((field) => result.errors[field] !== undefined);
      if (first) inputs.current[first]?.focus();
      return;
    }
    setErrors({});
    setSubmitting(true);
    try {
      await onValid(result.data);
    } finally {
      setSubmitting(false);
    }
  };

  return { register, handleSubmit, formState: { errors, isSubmitting } };
}
