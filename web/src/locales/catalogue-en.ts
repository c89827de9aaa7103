import forms from './en/forms.json';
import modals from './en/modals.json';
import en from './en.json';

/**
 * The English catalogue: one namespace, assembled from the core file and the shared machinery's
 * own files (`<language>/<area>.json` lands under the key `<area>`). Bundled with the page.
 */
export const english = { ...en, forms, modals };
