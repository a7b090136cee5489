import { useMutation } from '@tanstack/react-query';
import type { TRegistroTiendaRequest, TRegistroUsuarioRequest } from '#shared/schemas/auth';
import type { TRegistroUsuarioResponse } from '#shared/schemas/invitacion';
import { api } from '../../../lib/api-client';

export const registrarUsuario = (body: TRegistroUsuarioRequest) =>
  api<TRegistroUsuarioResponse>('/usuarios/registro', { method: 'POST', body });

export const registrarTienda = (body: TRegistroTiendaRequest) =>
  api<{ id_Tienda: number; codigo_invitacion: string }>('/tiendas/registro', { method: 'POST', body });

export const useRegistrarUsuario = () => useMutation({ mutationFn: registrarUsuario });
export const useRegistrarTienda = () => useMutation({ mutationFn: registrarTienda });
