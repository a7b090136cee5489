import type { FieldDef } from './types';

/**
 * Fields that several back-office areas declare alike (issue #54 point 7): one definition, so a
 * change to how an id or a password is asked for reaches every area at once.
 */

/** A row's own number: typed on the register form (with its hint), shown but fixed on the update form. */
export const campoId = (name: string, label: string, hint: string): FieldDef => ({ name, label, type: 'number', hint, readOnlyOnUpdate: true });

/** An id of another area: a number, and the form names the row it points to as the person types. */
export const campoReferencia = (name: string, label: string, lookup: NonNullable<FieldDef['lookup']>): FieldDef => ({ name, label, type: 'number', lookup });

/** An account's password: asked for on the register form; on the update form a new one, optional. */
export const camposContrasena = (t: { campos: { contrasena: string; contrasenaNueva: string }; ayudas: { contrasena: string; contrasenaNueva: string } }): FieldDef[] => [
  { name: 'contrasena', label: t.campos.contrasena, type: 'password', autoComplete: 'new-password', only: 'create', hint: t.ayudas.contrasena },
  { name: 'contrasena', label: t.campos.contrasenaNueva, type: 'password', autoComplete: 'new-password', only: 'update', hint: t.ayudas.contrasenaNueva },
];
