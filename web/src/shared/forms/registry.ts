import { ROUTES } from '@fleetport/contracts/routes';
import type { TFunction } from 'i18next';
import { generatePath } from 'react-router';
import type { FieldSchema } from './field-schema.ts';
import type { FormSubmitOptions } from './submit-options.ts';

/** What the form route shows for a name (and an id, for an edit form). */
export interface FormScreen {
  /** Translated. */
  title: string;
  fields: readonly FieldSchema[];
  submit: FormSubmitOptions;
  submitLabel?: string;
}

export interface FormContext {
  /** The route's `id` parameter, when given. */
  id: string | undefined;
  t: TFunction;
}

/** Builds a named form; called while rendering, so it must not call hooks. */
export type FormDefinition = (context: FormContext) => FormScreen;

const forms = new Map<string, FormDefinition>();

/**
 * Makes a form openable full-page at `/forms/{name}/{id?}` (spec §2). A feature registers its
 * forms at import; a name is registered once. Returns the undo (tests).
 */
export function registerForm(name: string, definition: FormDefinition): () => void {
  if (forms.has(name)) throw new Error(`The form "${name}" is already registered`);
  forms.set(name, definition);
  return () => {
    if (forms.get(name) === definition) forms.delete(name);
  };
}

export function formDefinition(name: string): FormDefinition | undefined {
  return forms.get(name);
}

const FORM_ROUTE_PATH = ROUTES.find((route) => route.name === 'forms')?.path ?? '/forms/:name/:id?';

/** The path of a registered form: `formPath('tag', 7)` is `/forms/tag/7`. */
export function formPath(name: string, id?: string | number): string {
  return generatePath(FORM_ROUTE_PATH, { name, ...(id === undefined ? {} : { id: String(id) }) });
}
