import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import {
  ZEnviarCodigoRequest,
  ZLoginRequest,
  ZRegistroTiendaRequest,
  ZRegistroUsuarioRequest,
  ZRestablecerRequest,
  ZVerificarCodigoRequest,
} from '#shared/schemas/auth';
import { login, registrarTienda, registrarUsuario } from '../../modules/cuenta/cuenta.service';
import { esCuentaPendiente } from '../../modules/invitacion/invitacion.domain';
import { enviarCodigo, restablecer, verificarCodigo } from '../../modules/cuenta/recuperacion.service';
import { legacy as L } from '#shared/messages/legacy';
import { has, str } from '../params';
import { READ, parseLegacy, type LegacyController } from '../legacy';

/** GET login/procesologin.php ?tipo&email&contrasena → { success, token }. */
export const loginController: LegacyController = [
  {
    name: 'procesologin',
    description: 'Sign-in of an employee (tipo=empleado) or a store (tipo=tienda). The token goes in `Authorization: Bearer` on every other call.',
    methods: READ,
    params: [{ key: 'tipo', note: 'empleado | tienda' }, { key: 'email' }, { key: 'contrasena' }],
    response:
      '`{ success: true, token, codigo_invitacion, nombreTienda, rol, id_Tienda, documento, usuario, tienda }` (the old PHP\'s keys and the session of spec §3; `codigo_invitacion` is null for role 2); wrong credentials, or an account waiting for approval by the store admin: `{ success: false, mensaje }`',
    public: true,
    limitBy: 'email',
    match: () => true,
    handle: async ({ app, req, p }) => {
      const input = parseLegacy(ZLoginRequest, { tipo: str(p, 'tipo'), email: str(p, 'email'), contrasena: str(p, 'contrasena') });
      // A pending account (issue #15) is refused like wrong credentials are on this API: 200 with
      // every flag false and the message, which the old clients show (an HTTP error reads as offline).
      const { token, sesion } = await login({ db: app.db, tokens: app.tokens, ...input, cara: 'legacy', turno: app.authLimits.turno(req) }).catch((err: unknown) => {
        if (esCuentaPendiente(err)) throw new AppError('BUSINESS_RULE', err.message, { title: err.title });
        throw err;
      });
      // The old PHP answered { success, codigo_invitacion, nombreTienda, rol } and its clients store
      // those keys (issue #21); the later client reads the token. Both, with the rest of the session.
      return {
        success: true,
        token,
        codigo_invitacion: sesion.codigo_invitacion,
        nombreTienda: sesion.tienda,
        rol: sesion.rol,
        id_Tienda: sesion.id_Tienda,
        documento: sesion.documento,
        usuario: sesion.usuario,
        tienda: sesion.tienda,
      };
    },
  },
];

/** controlador.usuarios.php: employee registration and password recovery (the back-office adds more). */
export const usuariosCuentaActions: LegacyController = [
  {
    name: 'registro',
    description: 'Employee self-registration with the invitation code of a store (role 2). A documento is unique within the store, not across stores.',
    methods: ['POST'],
    params: [
      { key: 'registro', note: 'marker' },
      { key: 'nombre' },
      { key: 'nombre2', optional: true },
      { key: 'apellido' },
      { key: 'apellido2', optional: true },
      { key: 'documento' },
      { key: 'tipoDoc', note: 'CC, TI, CE, RC' },
      { key: 'email' },
      { key: 'contrasena' },
      { key: 'codigo_invitacion' },
    ],
    response: "`{ success: true, mensaje, pendiente }` (`pendiente`: the store's admin must approve the account before it signs in)",
    public: true,
    limitBy: 'email',
    match: (p) => has(p, 'registro') && !has(p, 'registroCrud'),
    handle: async ({ app, p }) => {
      const input = parseLegacy(ZRegistroUsuarioRequest, {
        nombre: str(p, 'nombre'),
        nombre2: str(p, 'nombre2'),
        apellido: str(p, 'apellido'),
        apellido2: str(p, 'apellido2'),
        documento: str(p, 'documento'),
        tipoDoc: str(p, 'tipoDoc') || undefined,
        email: str(p, 'email'),
        contrasena: str(p, 'contrasena'),
        codigo_invitacion: str(p, 'codigo_invitacion'),
      });
      const { pendiente } = await registrarUsuario({ db: app.db, input });
      return { success: true, mensaje: pendiente ? M.invitacion.registroPendiente : M.registro.successText, pendiente };
    },
  },
  {
    name: 'action=enviar_codigo',
    description:
      'Password recovery, step 1: sends a 6-digit code. The answer, and the work behind it, are the same whether or not the email exists; the mail is sent without waiting for it.',
    methods: ['POST'],
    params: [{ key: 'action', note: 'enviar_codigo' }, { key: 'correo' }],
    response: '`{ success: true, message }`',
    public: true,
    limitBy: 'correo',
    match: (p) => str(p, 'action') === 'enviar_codigo',
    handle: async ({ app, req, p }) => {
      const { correo } = parseLegacy(ZEnviarCodigoRequest, { correo: str(p, 'correo') });
      await enviarCodigo({ db: app.db, mailer: app.mailer, secret: app.secret, correo, log: req.log });
      return { success: true, message: M.recuperacion.sent };
    },
  },
  {
    name: 'action=verificar_codigo',
    description: 'Password recovery, step 2: checks the code.',
    methods: ['POST'],
    params: [{ key: 'action', note: 'verificar_codigo' }, { key: 'correo' }, { key: 'codigo' }],
    response: '`{ status: "success" | "error", message }`',
    public: true,
    limitBy: 'correo',
    match: (p) => str(p, 'action') === 'verificar_codigo',
    handle: async ({ app, p }) => {
      try {
        const input = parseLegacy(ZVerificarCodigoRequest, { correo: str(p, 'correo'), codigo: str(p, 'codigo') });
        await verificarCodigo({ db: app.db, secret: app.secret, ...input });
        return { status: 'success', message: M.recuperacion.verified };
      } catch (err) {
        if (err instanceof AppError && err.status < 500) return { status: 'error', message: err.message };
        throw err;
      }
    },
  },
  {
    name: 'olvido / reset',
    description:
      'Password recovery, step 3: sets the new password. The call carries the 6-digit code itself (`codigo`, the one checked in step 2), ' +
      'and without the right code nothing changes. The old system took `correo` and `password` alone after a verification; ' +
      'that is refused, since anyone calling first could set the password.',
    methods: ['POST'],
    params: [
      { key: 'olvido', note: 'marker' },
      { key: 'reset', note: 'marker' },
      { key: 'correo' },
      { key: 'codigo', note: 'the 6-digit code from the email (required)' },
      { key: 'password', note: 'the new password (also read as `contrasena`)' },
    ],
    response: '`{ success: true, message }`; without the code, or with a wrong or expired one: `{ success: false, mensaje }`',
    public: true,
    limitBy: 'correo',
    match: (p) => has(p, 'olvido') || has(p, 'reset'),
    handle: async ({ app, p }) => {
      const codigo = str(p, 'codigo')?.trim();
      if (!codigo) throw new AppError('VALIDATION', L.restablecerSinCodigo, { fields: { codigo: L.restablecerSinCodigo } });
      const input = parseLegacy(ZRestablecerRequest, { correo: str(p, 'correo'), codigo, contrasena: str(p, 'password') ?? str(p, 'contrasena') });
      await restablecer({ db: app.db, secret: app.secret, ...input });
      return { success: true, message: M.recuperacion.changed };
    },
  },
];

/** controlador.tienda.php: store registration (the back-office adds more). */
export const tiendaCuentaActions: LegacyController = [
  {
    name: 'registroTienda',
    description: 'Store self-registration; the answer carries the new store id and its invitation code.',
    methods: ['POST'],
    params: [
      { key: 'registroTienda', note: 'marker' },
      { key: 'nombreTienda' },
      { key: 'telefono', optional: true },
      { key: 'email' },
      { key: 'contrasena' },
      { key: 'direccion', optional: true },
    ],
    response: '`{ success: true, mensaje, id_Tienda, codigo_invitacion }`',
    public: true,
    limitBy: 'email',
    match: (p) => has(p, 'registroTienda'),
    handle: async ({ app, p }) => {
      const input = parseLegacy(ZRegistroTiendaRequest, {
        nombreTienda: str(p, 'nombreTienda'),
        telefono: str(p, 'telefono') ?? '',
        email: str(p, 'email'),
        contrasena: str(p, 'contrasena'),
        direccion: str(p, 'direccion'),
      });
      const res = await registrarTienda({ db: app.db, input });
      return { success: true, mensaje: M.registro.successText, ...res };
    },
  },
];
