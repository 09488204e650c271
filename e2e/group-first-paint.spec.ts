import { expect, test } from './support/test';
import { DESKTOP, PHONE } from './support/app';
import { groupWithProps } from './support/sheet';

/**
 * A group page paints its frame and the group's name from its HTML, before any script has
 * run (decision 0031); the app then draws the same in the same place, without a frame in
 * which the name is missing, and the page arrives around it.
 */
test('the group name is painted before the scripts and stays put as the app takes over', async ({
  people,
}) => {
  const world = await groupWithProps(people, [
    { title: 'Jets at Bills', description: 'Who wins?', options: ['Jets', 'Bills'], startsIn: 600 },
  ]);
  const page = world.member;
  const name = await page.request
    .get(`/api/groups/${world.groupId}`)
    .then(async (response) => ((await response.json()) as { name: string }).name);
  const title = page.getByRole('heading', { level: 1, name });

  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);

    // No script at all: the HTML alone shows the header, the name and the loading line.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(world.path);
    await expect(title).toBeVisible();
    await expect(page.getByText('Loading group...')).toBeVisible();
    const painted = await title.boundingBox();
    await page.unroute('**/assets/*.js');

    // Every frame from the first with the name has it, until the page is whole.
    await page.addInitScript(() => {
      const frames: (string | null)[] = [];
      (window as Window & { titleFrames?: typeof frames }).titleFrames = frames;
      const record = () => {
        frames.push(document.querySelector('main h1')?.textContent ?? null);
        if (frames.length < 2000) requestAnimationFrame(record);
      };
      requestAnimationFrame(record);
    });
    await page.goto(world.path);
    await expect(page.getByRole('button', { name: 'Bills' })).toBeVisible();
    await expect(title).toBeVisible();
    expect(await title.boundingBox()).toEqual(painted);
    const frames = await page.evaluate(
      () => (window as Window & { titleFrames?: (string | null)[] }).titleFrames ?? [],
    );
    const shown = frames.slice(frames.indexOf(name));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.filter((text) => text !== name)).toEqual([]);
  }
});
