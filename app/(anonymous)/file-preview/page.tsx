import { Page } from '@/components/ui/page';

// /file-preview — files shared in the app (images, videos, PDFs) open here.
export default function FilePreviewPage() {
  return (
    <Page
      title="File preview"
      intro="Images, videos and PDF files attached to your complaints and warranties open on this screen when you choose them there."
    />
  );
}
