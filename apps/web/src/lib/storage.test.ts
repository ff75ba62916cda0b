import { describe, expect, it } from 'vitest';
import { buildUser } from '../test/fixtures';
import { clearSession, getStoredUser, getToken, setSession, setStoredUser } from './storage';

describe('the stored session', () => {
  it('keeps the signed-in user current', () => {
    setSession('token-1', buildUser({ first_name: 'Dana' }));
    setStoredUser(buildUser({ first_name: 'Dani' }));
    expect(getStoredUser()?.first_name).toBe('Dani');
  });

  it('does not bring the user back when an answer arrives after the session ended', () => {
    setSession('token-1', buildUser());
    // A call's 401 ends the session while the profile call is still on its way.
    clearSession();
    setStoredUser(buildUser());
    expect(getToken()).toBeNull();
    expect(getStoredUser()).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it('reads no user from a stored value of another shape', () => {
    setSession('token-1', buildUser());
    for (const stored of ['{"id":"one","user_type":1}', '[]', 'null', '{not json']) {
      localStorage.setItem('user', stored);
      expect(getStoredUser(), stored).toBeNull();
    }
    localStorage.setItem('user', JSON.stringify(buildUser({ first_name: 'Dana' })));
    expect(getStoredUser()?.first_name).toBe('Dana');
  });
});
