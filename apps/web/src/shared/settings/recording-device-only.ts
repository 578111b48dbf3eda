import { useSettings } from './user-settings';

/**
 * 录音只保存在本机 (issue 37, decision 110): the parents keep the child's recordings on the
 * device — scored there, never uploaded (default off; stored with the family's settings).
 */
export function isRecordingDeviceOnly(): boolean {
  return useSettings.getState().values.recording_device_only === 1;
}

/** The same as React state. */
export function useRecordingDeviceOnly(): boolean {
  return useSettings((s) => s.values.recording_device_only === 1);
}
