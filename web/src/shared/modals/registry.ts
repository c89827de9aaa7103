import type { ComponentType, LazyExoticComponent } from 'react';
import type { ModalDescriptor } from './types.ts';

/** A modal body as the host renders it: the descriptor's props spread on it. */
export type ModalBody = ComponentType<Record<string, unknown>>;

/** The reserved name of the body that renders a descriptor's `form` (the form engine registers it). */
export const FORM_MODAL = 'form';

const bodies = new Map<string, ModalBody>();

/**
 * Spec §2 "Modals open by name": a feature registers its body once (a lazy component keeps it
 * out of the first bundle), then anyone opens it with `openModal({ component: name, props })`.
 * The props are not checked: the name is the contract between the feature and its callers.
 */
export function registerModal<P extends object>(
  name: string,
  body: ComponentType<P> | LazyExoticComponent<ComponentType<P>>,
): void {
  bodies.set(name, body as unknown as ModalBody);
}

export function isModalRegistered(name: string): boolean {
  return bodies.has(name);
}

/** The registered body a descriptor names (its component, else the form body for a form). */
export function modalBodyName(descriptor: ModalDescriptor): string | undefined {
  return descriptor.component ?? (descriptor.form ? FORM_MODAL : undefined);
}

export function modalBody(name: string | undefined): ModalBody | undefined {
  return name === undefined ? undefined : bodies.get(name);
}
