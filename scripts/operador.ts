// Creates the platform operator: npm run operador -- correo@dominio.co 'Contraseña1'
import { ZEnviarCodigoRequest } from '../shared/schemas/auth';
import { zStrongPassword } from '../shared/schemas/common';
import { abrirBase } from './open-db';
import { seedCatalogos } from '../server/db/setup';
import { loadEnv } from '../server/env';
import { ensureOperador } from '../server/modules/cuenta/cuenta.service';

const [email, password] = process.argv.slice(2);
const e = ZEnviarCodigoRequest.safeParse({ correo: email });
const p = zStrongPassword.safeParse(password);
if (!e.success || !p.success) {
  console.error('Uso: npm run operador -- correo@dominio.co Contraseña1 (8+ caracteres, una mayúscula y un número)');
  process.exit(2);
}
const env = loadEnv();
const database = await abrirBase(env);
await database.migrate();
await seedCatalogos(database.db);
const created = await ensureOperador({ db: database.db, email: e.data.correo, password: p.data });
await database.close();
console.log(created ? `Operador creado: ${e.data.correo}` : 'Ya existe una cuenta con ese correo; no se creó el operador.');
process.exit(created ? 0 : 1);
