import { useVerification } from '../verify/useVerification';
import { readProfileSetting, type AppliedSetting } from './profile-setting';

/**
 * The setting the result on screen was checked under (a share link's, or the saved one), which
 * the verdict banner and the Profiles card read it by.
 */
export function useAppliedSetting(): AppliedSetting {
  const session = useVerification();
  return session.applied ?? { setting: readProfileSetting(), from: 'saved' };
}
