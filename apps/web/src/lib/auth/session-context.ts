import type { LoginInput, ModuleName, Profile } from '@receptoria/contracts';
import { createContext } from 'react';
import type { StoredUser } from '../session-storage';

export type SessionStatus = 'loading' | 'anonymous' | 'authenticated';

export interface SessionValue {
  status: SessionStatus;
  user: StoredUser | null;
  profile: Profile | null;
  /** Permission codes of the user (spec 01 §6); empty when they could not be loaded. */
  permisos: readonly string[];
  isAdmin: boolean;
  /** Display name of the receiver (spec 01 §2). */
  displayName: string;
  login(input: LoginInput): Promise<void>;
  logout(): Promise<void>;
  hasModule(module: ModuleName | string): boolean;
}

export const SessionContext = createContext<SessionValue | null>(null);
