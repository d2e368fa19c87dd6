'use client';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { fetchProfile } from '@/lib/client/queries/profile';
import type { CustomerProfile } from '@/lib/schemas/customer';

// The signed-in customer's profile in the browser: the one the server's layout loaded (spec
// section 7), replaced when a form saves a new one or after something that may change it (a
// confirmed contact). One React context, so every signed-in screen reads the same profile and a
// server render never shares it between customers.

type ProfileState = {
  profile: CustomerProfile;
  /** Puts the profile the API answered (after a save) in place of the current one. */
  setProfile: (next: CustomerProfile) => void;
  /** Loads the profile again; a failure keeps the current one (the screens show their own errors). */
  refreshProfile: () => Promise<void>;
};

const ProfileContext = createContext<ProfileState | null>(null);

export function ProfileProvider({ profile: loaded, children }: { profile: CustomerProfile; children: ReactNode }) {
  const [profile, setProfile] = useState(loaded);
  // A new profile from the server (the layout rendered again) replaces the one held here.
  const [lastLoaded, setLastLoaded] = useState(loaded);
  if (loaded !== lastLoaded) {
    setLastLoaded(loaded);
    setProfile(loaded);
  }
  const refreshProfile = useCallback(async () => {
    try {
      setProfile(await fetchProfile());
    } catch {
      // keep the profile shown; a lost session is handled by the http client (logout and reload)
    }
  }, []);
  const value = useMemo(() => ({ profile, setProfile, refreshProfile }), [profile, refreshProfile]);
  return <ProfileContext.Provider value={value}>{children}</ProfileContext.Provider>;
}

/** The profile and its setters; only inside the signed-in shell. */
export function useProfileState(): ProfileState {
  const state = useContext(ProfileContext);
  if (!state) throw new Error('useProfileState is used outside the signed-in shell');
  return state;
}

/** The signed-in customer's profile. */
export const useProfile = (): CustomerProfile => useProfileState().profile;
