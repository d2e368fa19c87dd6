/** @jest-environment jsdom */
import { render, screen } from '@testing-library/react';
import { AttachmentView } from '@/components/console/support/attachment-view';

// Attachments are seen in place: an image inline, a PDF framed in the page (the browser's viewer),
// each with its link; the file comes from the staff endpoint, never from the customer's own URL.

const file = (mediaType: 'image' | 'video' | 'pdf', name: string) => ({
  fileId: 'f1',
  name,
  mediaType,
  contentType: { image: 'image/png', video: 'video/mp4', pdf: 'application/pdf' }[mediaType],
  size: 2048,
  url: '/api/console/brands/acme/complaints/T-1/attachments/f1',
});

test('a PDF is framed in place, with a link to open it', () => {
  render(<AttachmentView file={file('pdf', 'invoice.pdf')} />);
  const frame = screen.getByTitle('Attachment invoice.pdf');
  expect(frame.tagName).toBe('IFRAME');
  expect(frame).toHaveAttribute('src', '/api/console/brands/acme/complaints/T-1/attachments/f1?disposition=inline');
  expect(screen.getByRole('link', { name: 'Open invoice.pdf (PDF)' })).toHaveAttribute('href', '/api/console/brands/acme/complaints/T-1/attachments/f1?disposition=inline');
});

test('an image is shown inline and not framed', () => {
  render(<AttachmentView file={file('image', 'cap.png')} />);
  expect(screen.getByRole('img', { name: 'Attachment cap.png' })).toHaveAttribute('src', '/api/console/brands/acme/complaints/T-1/attachments/f1?disposition=inline');
  expect(screen.queryByTitle('Attachment cap.png')).toBeNull();
  expect(screen.getByRole('link', { name: 'Download cap.png' })).toHaveAttribute('href', '/api/console/brands/acme/complaints/T-1/attachments/f1?disposition=attachment');
});
