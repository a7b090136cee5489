import { useMutation } from '@tanstack/react-query';
import type { TLoginRequest, TLoginResponse } from '#shared/schemas/auth';
import { api } from '../../../lib/api-client';

export const login = (body: TLoginRequest) => api<TLoginResponse>('/sesion/login', { method: 'POST', body });

export const useLogin = () => useMutation({ mutationFn: login });
