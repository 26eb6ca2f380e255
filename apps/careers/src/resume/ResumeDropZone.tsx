import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent } from 'react';
import styled from 'styled-components';
import { RESUME_ACCEPT, RESUME_MAX_LABEL } from '@agentora/forms';
import {
  Button,
  CloseIcon,
  FieldError as ErrorText,
  FieldHint as Hint,
  FieldLabel,
  FieldRoot,
  FileIcon,
  UploadIcon,
} from '@agentora/ui';
import { formatFileSize } from './file-size';

export interface ResumeDropZoneProps {
  file: File | null;
  error: string | undefined;
  disabled: boolean;
  onPick(file: File): void;
  onRemove(): void;
  /** The input's name, so focus management and e2e selectors can find it like any other field. */
  name?: string;
}

const Zone = styled.div<{ $dragging: boolean; $invalid: boolean; $disabled: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  text-align: center;
  border: 2px dashed
    ${({ theme, $dragging, $invalid }) => ($dragging ? theme.colors.accent : $invalid ? theme.colors.error : theme.colors.border)};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme, $dragging }) => ($dragging ? theme.colors.surfaceRaised : theme.colors.background)};
  opacity: ${({ $disabled }) => ($disabled ? 0.6 : 1)};
  transition:
    border-color 120ms ease,
    background-color 120ms ease;
  p {
    margin: 0;
  }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const FileRow = styled.div`
  display: flex;
  align-items: center;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
  strong {
    overflow-wrap: anywhere;
  }
`;

// Visually hidden but present: the label, the picker and automation all reach it; keyboard users get
// the visible Choose file button instead of a second tab stop.
const HiddenInput = styled.input`
  position: absolute;
  width: 1px;
  height: 1px;
  margin: -1px;
  padding: 0;
  overflow: hidden;
  clip: rect(0, 0, 0, 0);
  white-space: nowrap;
  border: 0;
`;

function carriesFiles(event: DragEvent | globalThis.DragEvent): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes('Files');
}

/**
 * A file dropped anywhere else on the page would make the browser open it and throw away everything
 * typed into the form; while the form is on screen such drops are swallowed.
 */
function useSwallowStrayFileDrops() {
  useEffect(() => {
    const swallow = (event: globalThis.DragEvent) => {
      if (carriesFiles(event)) event.preventDefault();
    };
    window.addEventListener('dragover', swallow);
    window.addEventListener('drop', swallow);
    return () => {
      window.removeEventListener('dragover', swallow);
      window.removeEventListener('drop', swallow);
    };
  }, []);
}

/** The résumé picker: the system file dialog or drag-and-drop, the picked file's name and size, Remove. */
export function ResumeDropZone({
  file,
  error,
  disabled,
  onPick,
  onRemove,
  name = 'resume',
}: ResumeDropZoneProps) {
  const ids = useId();
  const inputId = `resume-${ids}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const inputRef = useRef<HTMLInputElement>(null);
  const chooseId = `${inputId}-choose`;
  const [dragging, setDragging] = useState(false);
  useSwallowStrayFileDrops();

  const describedBy = error ? `${hintId} ${errorId}` : hintId;

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = event.target.files?.[0];
    // Cleared so that choosing the same file again (after Remove, or after fixing it) fires change.
    event.target.value = '';
    if (picked) onPick(picked);
  };

  const handleDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = disabled ? 'none' : 'copy';
    if (!disabled) setDragging(true);
  };

  const handleDragLeave = (event: DragEvent<HTMLDivElement>) => {
    if (event.currentTarget.contains(event.relatedTarget as Node | null)) return;
    setDragging(false);
  };

  const handleDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (disabled) return;
    const dropped = event.dataTransfer.files?.[0];
    if (dropped) onPick(dropped);
  };

  const handleRemove = () => {
    onRemove();
    // The Remove button disappears with the file; focus would otherwise fall back to the page.
    document.getElementById(chooseId)?.focus();
  };

  return (
    <FieldRoot>
      <FieldLabel htmlFor={inputId}>Resume</FieldLabel>
      <Zone
        data-testid="resume-drop-zone"
        data-dragging={dragging || undefined}
        $dragging={dragging}
        $invalid={Boolean(error)}
        $disabled={disabled}
        onDragEnter={handleDragOver}
        onDragOver={handleDragOver}
        onDragLeave={handleDragLeave}
        onDrop={handleDrop}
      >
        <HiddenInput
          ref={inputRef}
          id={inputId}
          name={name}
          type="file"
          accept={RESUME_ACCEPT}
          tabIndex={-1}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={handleChange}
        />
        <div aria-live="polite">
          {file ? (
            <FileRow>
              <FileIcon />
              <strong>{file.name}</strong>
              <Muted>{formatFileSize(file.size)}</Muted>
            </FileRow>
          ) : (
            <FileRow>
              <UploadIcon />
              <p>Drag and drop your resume here, or choose a file.</p>
            </FileRow>
          )}
        </div>
        <FileRow>
          <Button
            id={chooseId}
            variant="secondary"
            disabled={disabled}
            aria-describedby={describedBy}
            onClick={() => inputRef.current?.click()}
          >
            {file ? 'Choose another file' : 'Choose file'}
          </Button>
          {file && (
            <Button
              variant="ghost"
              disabled={disabled}
              aria-label={`Remove ${file.name}`}
              onClick={handleRemove}
            >
              <CloseIcon size={16} />
              Remove
            </Button>
          )}
        </FileRow>
      </Zone>
      <Hint id={hintId}>Optional. PDF, DOC or DOCX, up to {RESUME_MAX_LABEL}.</Hint>
      {error && (
        <ErrorText id={errorId} role="alert">
          {error}
        </ErrorText>
      )}
    </FieldRoot>
  );
}
