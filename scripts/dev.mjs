// Development: the API with tsx watch on :3000 and Vite's dev server on :5173 (proxying /api).
import { spawn } from 'node:child_process';

const env = { ...process.env, DEMO_DATA: process.env.DEMO_DATA ?? 'true', NODE_ENV: 'development' };
const procs = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const p of procs) p.on('exit', (code) => { stop(); process.exitCode = code ?? 0; });
