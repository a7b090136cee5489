/**
 * Whether an account may sign in or act: only a pending new employee may not. Below the plugins (issue
 * #29): the session check (`plugins/auth.ts`) and the invitation's domain both ask it.
 */
export const aprobada = (cuenta: { aprobado: boolean }) => cuenta.aprobado;
