import { fontRuns } from '@/lib/api/customer/my-data-pdf';

// The My data PDF sets each script's run in its own font (lib/api/customer/my-data-pdf.ts).

describe('fontRuns', () => {
  it('splits Latin from each Indian script, spaces and joiners staying with their run', () => {
    expect(fontRuns('Meera कमल')).toEqual([
      { font: -1, text: 'Meera ' },
      { font: 0, text: 'कमल' },
    ]);
    expect(fontRuns('ক্ষ and தமிழ் తెలుగు')).toEqual([
      { font: 1, text: 'ক্ষ ' },
      { font: -1, text: 'and ' },
      { font: 2, text: 'தமிழ் ' },
      { font: 3, text: 'తెలుగు' },
    ]);
    expect(fontRuns('ज़\u200dरा')).toEqual([{ font: 0, text: 'ज़\u200dरा' }]);
  });

  it('prints ₹ in a script font (Helvetica has none), and a character no font has as ?', () => {
    expect(fontRuns('₹50 😀 é')).toEqual([
      { font: 0, text: '₹' },
      { font: -1, text: '50 ? é' },
    ]);
    expect(fontRuns('తెలుగు ₹5')).toEqual([
      { font: 3, text: 'తెలుగు ' },
      { font: 0, text: '₹' },
      { font: -1, text: '5' },
    ]);
    expect(fontRuns('')).toEqual([]);
  });
});
