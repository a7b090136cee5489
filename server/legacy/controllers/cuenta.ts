import { AppError } from '#shared/errors';
import { M } from '#shared/messages';
import {
  ZEnviarCodigoRequest,
  ZLoginRequest,
  ZRegistroTiendaRequest,
  ZRegistroUsuarioRequest,
  ZVerificarCodigoRequest,
} from '#shared/schemas/auth';
import { zStrongPassword } from '#shared/schemas/common';
import { login, registrarTienda, registrarUsuario } from '../../modules/cuenta/cuenta.service';
import { enviarCodigo, restablecerVerificado, verificarCodigo } from '../../modules/cuenta/recuperacion.service';
import { has, str } from '../params';
import { parseLegacy, type LegacyController } from '../legacy';

/** GET login/procesologin.php ?tipo&email&contrasena → { success, token }. */
export const loginController: LegacyController = [
  {
    name: 'GET tipo, email, contrasena',
    public: true,
    match: () => true,
    handle: async ({ app, p }) => {
      const input = parseLegacy(ZLoginRequest, { tipo: str(p, 'tipo'), email: str(p, 'email'), contrasena: str(p, 'contrasena') });
      const { token } = await login({ db: app.db, tokens: app.tokens, ...input });
      return { success: true, token };
    },
  },
];

/** controlador.usuarios.php: employee registration and password recovery (the back-office adds more). */
export const usuariosCuentaActions: LegacyController = [
  {
    name: 'POST registro (registro de empleado)',
    public: true,
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
      await registrarUsuario({ db: app.db, input });
      return { success: true, mensaje: M.registro.successText };
    },
  },
  {
    name: 'POST action=enviar_codigo, correo',
    public: true,
    match: (p) => str(p, 'action') === 'enviar_codigo',
    handle: async ({ app, p }) => {
      const { correo } = parseLegacy(ZEnviarCodigoRequest, { correo: str(p, 'correo') });
      await enviarCodigo({ db: app.db, mailer: app.mailer, secret: app.secret, correo });
      return { success: true, message: M.recuperacion.sent };
    },
  },
  {
    name: 'POST action=verificar_codigo, correo, codigo',
    public: true,
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
    name: 'POST olvido, reset, correo, password',
    public: true,
    match: (p) => has(p, 'olvido') || has(p, 'reset'),
    handle: async ({ app, p }) => {
      const { correo } = parseLegacy(ZEnviarCodigoRequest, { correo: str(p, 'correo') });
      const contrasena = parseLegacy(zStrongPassword, str(p, 'password') ?? str(p, 'contrasena'));
      await restablecerVerificado({ db: app.db, correo, contrasena });
      return { success: true, message: M.recuperacion.changed };
    },
  },
];

/** controlador.tienda.php: store registration (the back-office adds more). */
export const tiendaCuentaActions: LegacyController = [
  {
    name: 'POST registroTienda',
    public: true,
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
