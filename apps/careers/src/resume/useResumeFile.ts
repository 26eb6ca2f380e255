import { useCallback, useState } from 'react';
import { resumeError } from '@agentora/forms';

export interface ResumeFileState {
  file: File | null;
  /** Why the last picked file was refused; cleared by a good pick or Remove. */
  error: string | undefined;
  pick(file: File): void;
  remove(): void;
}

/**
 * The optional résumé. A refused file is never kept: the message shows and whatever was attached
 * before (nothing, or an earlier valid file) stays attached.
 */
export function useResumeFile(): ResumeFileState {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);

  const pick = useCallback((candidate: File) => {
    const problem = resumeError(candidate);
    setError(problem);
    if (!problem) setFile(candidate);
  }, []);

  const remove = useCallback(() => {
    setFile(null);
    setError(undefined);
  }, []);

  return { file, error, pick, remove };
}
