import fs from 'node:fs';
import path from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { PRIVATE_FILE_MODE, ensurePrivateDir } from './private-files';

/** What the token carries: the spec's payload (documento, nombreTienda, id_Tienda, rol, codigo_invitacion) plus ours. */
export interface TokenClaims {
  sub: string; // "u:<id_usuario>" or "t:<id_tienda>"
  tipo: 'empleado' | 'tienda';
  documento: string | null;
  nombreTienda: string | null;
  id_Tienda: number | null;
  rol: number;
  codigo_invitacion: string | null;
  /**
   * The store the session acts for when it switched to one (issue #56 step 2, `POST /api/sesion/tienda`):
   * checked on every request against the person's roles (usuario_tienda) or, for the store login, the
   * empresa's stores. Absent: the account's own store, as before.
   */
  tiendaActual?: number;
  /** Token version of the account: bumping it revokes every earlier token. */
  tv: number;
  /** Expiry (seconds since the epoch), set when signing. */
  exp?: number;
  /** The token's own id, set when signing: signing out ends this token alone (sesion_cerrada). */
  jti?: string;
}

export interface TokenService {
  sign(claims: TokenClaims): Promise<string>;
  verify(token: string): Promise<TokenClaims | null>;
}

export function createTokenService(secret: string, ttl: string): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(claims) {
      const { sub, ...rest } = claims;
      return new SignJWT({ ...rest })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime(ttl)
        .setJti(randomUUID())
        .sign(key);
    },
    async verify(token) {
      try {
        // A token without an expiry would never end: refused, even when signed with our secret.
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'], requiredClaims: ['exp'] });
        if (typeof payload.sub !== 'string' || typeof payload.rol !== 'number') return null;
        return payload as unknown as TokenClaims;
      } catch {
        return null;
      }
    },
  };
}

/** JWT_SECRET when configured; otherwise a secret generated once and kept in the data folder. */
export function resolveJwtSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, 'secrets', 'jwt.key');
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    ensurePrivateDir(path.dirname(file));
    const secret = randomBytes(48).toString('base64url');
    fs.writeFileSync(file, secret, { mode: PRIVATE_FILE_MODE, flag: 'wx' });
    return fs.readFileSync(file, 'utf8').trim();
  }
}
