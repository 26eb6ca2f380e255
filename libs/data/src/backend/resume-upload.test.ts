import { uploadResume, resumeObjectPath } from './resume-upload';
import { connectTestBackend } from './testing/test-backend';

describe('resumeObjectPath', () => {
  it('is resumes/<timestamp>-<32 hex digits>.<lowercased extension>', () => {
    expect(resumeObjectPath('My CV.PDF', 1752300000000, 'ab'.repeat(16))).toBe(
      `resumes/1752300000000-${'ab'.repeat(16)}.pdf`,
    );
    expect(resumeObjectPath('cv.final.docx', 1)).toMatch(/^resumes\/1-[0-9a-f]{32}\.docx$/);
    expect(resumeObjectPath('no-extension', 1)).toMatch(/^resumes\/1-[0-9a-f]{32}$/);
  });

  it('draws 128 fresh random bits every time', () => {
    const names = new Set(Array.from({ length: 200 }, () => resumeObjectPath('cv.pdf', 1)));
    expect(names.size).toBe(200);
  });
});

describe('uploadResume against the local backend', () => {
  const backend = connectTestBackend();

  it('uploads a PDF and returns its public URL and the original file name', async () => {
    const bytes = new Uint8Array(3000).map((_, i) => (i * 7) % 256);
    const file = new File([bytes], 'Ada Lovelace CV.PDF', { type: 'application/pdf' });
    const resume = await uploadResume(file);
    expect(resume.filename).toBe('Ada Lovelace CV.PDF');
    expect(resume.url).toMatch(
      new RegExp(
        `^${backend.url}/storage/v1/object/public/applications/resumes/\\d{13}-[0-9a-f]{32}\\.pdf$`,
      ),
    );
    const served = await fetch(resume.url);
    expect(served.status).toBe(200);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(bytes);
  });

  it('supplies the type from the extension when the browser gives none', async () => {
    const resume = await uploadResume(new File(['docx bytes'], 'cv.docx'));
    expect((await fetch(resume.url)).headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('fails with a BackendError for a type or size the bucket refuses', async () => {
    await expect(
      uploadResume(new File(['png'], 'photo.png', { type: 'image/png' })),
    ).rejects.toMatchObject({
      name: 'BackendError',
      code: 'InvalidMimeType',
      message: 'mime type image/png is not supported',
    });
    await expect(
      uploadResume(
        new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }),
      ),
    ).rejects.toMatchObject({
      name: 'BackendError',
      code: 'EntityTooLarge',
    });
  });
});
