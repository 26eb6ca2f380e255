/** @jest-environment node */
import {
  INVALID_RESUME_TYPE_MESSAGE,
  RESUME_ACCEPT,
  RESUME_MAX_BYTES,
  RESUME_TOO_LARGE_MESSAGE,
  isAllowedResumeType,
  resumeError,
  resumeExtension,
  resumeMimeType,
} from './resume-rule';

const PDF = 'application/pdf';
const DOC = 'application/msword';
const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

function file(name: string, type: string, size = 1024) {
  return { name, type, size };
}

describe('resume rule', () => {
  it('uses the exact limit and messages', () => {
    expect(RESUME_MAX_BYTES).toBe(5_242_880);
    expect(INVALID_RESUME_TYPE_MESSAGE).toBe('Please upload a PDF or Word document');
    expect(RESUME_TOO_LARGE_MESSAGE).toBe('File size must be less than 5MB');
  });

  it.each([
    ['cv.pdf', PDF],
    ['cv.doc', DOC],
    ['cv.docx', DOCX],
    ['CV.PDF', PDF],
    ['résumé final.v2.docx', DOCX],
    ['cv.PDF', 'APPLICATION/PDF'],
  ])('accepts %s sent as %s', (name, type) => {
    expect(isAllowedResumeType(file(name, type))).toBe(true);
    expect(resumeError(file(name, type))).toBeUndefined();
  });

  it.each([
    ['cv.doc', '', DOC],
    ['cv.docx', '', DOCX],
    ['cv.DOCX', 'application/octet-stream', DOCX],
    ['cv.pdf', '', PDF],
  ])(
    'decides by the extension when the browser gives no MIME type: %s (%j) → %s',
    (name, type, stored) => {
      expect(resumeMimeType(file(name, type))).toBe(stored);
      expect(resumeError(file(name, type))).toBeUndefined();
    },
  );

  it.each([
    ['photo.png', 'image/png'],
    ['notes.txt', 'text/plain'],
    ['cv.odt', 'application/vnd.oasis.opendocument.text'],
    // The name and the type must agree, as the server requires.
    ['cv.pdf', 'image/png'],
    ['cv.docx', PDF],
    ['cv.pdf', DOCX],
    ['cv.html', PDF],
    ['scan-without-extension', PDF],
    ['cv', ''],
    ['archive.zip', 'application/octet-stream'],
  ])('refuses %s sent as %j', (name, type) => {
    expect(resumeError(file(name, type))).toBe(INVALID_RESUME_TYPE_MESSAGE);
  });

  it('accepts exactly 5 MB and refuses one byte more', () => {
    expect(resumeError(file('cv.pdf', PDF, RESUME_MAX_BYTES))).toBeUndefined();
    expect(resumeError(file('cv.pdf', PDF, RESUME_MAX_BYTES + 1))).toBe(RESUME_TOO_LARGE_MESSAGE);
  });

  it('reports the type before the size', () => {
    expect(resumeError(file('photo.png', 'image/png', RESUME_MAX_BYTES * 2))).toBe(
      INVALID_RESUME_TYPE_MESSAGE,
    );
  });

  it('reads the extension case-insensitively and only when allowed', () => {
    expect(resumeExtension('a.b.PDF')).toBe('pdf');
    expect(resumeExtension('a.png')).toBeUndefined();
    expect(resumeExtension('pdf')).toBeUndefined();
  });

  it('offers the allowed extensions and MIME types to the file picker', () => {
    expect(RESUME_ACCEPT.split(',')).toEqual(['.pdf', '.doc', '.docx', PDF, DOC, DOCX]);
  });
});
