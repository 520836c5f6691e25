import { XMLParser } from "fast-xml-parser";
import { parseFragment } from "parse5";
import { describe, expect, it } from "vitest";
import { escapeMarkup } from "../../server/lib/markup.ts";

const hostile = `Tom & Jerry's <script>alert("x")</script> & "quotes" &amp; again`;

describe("escapeMarkup", () => {
  it("turns the five characters markup gives a meaning to into entities, and nothing else", () => {
    expect(escapeMarkup(hostile)).toBe(
      "Tom &amp; Jerry&#39;s &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &quot;quotes&quot; &amp;amp; again",
    );
    expect(escapeMarkup("Derby, UK · £3000–5000")).toBe("Derby, UK · £3000–5000");
  });

  it("gives back the same text to an HTML reader, in an element and in a quoted attribute", () => {
    const fragment = parseFragment(`<p title="${escapeMarkup(hostile)}">${escapeMarkup(hostile)}</p>`);
    const p = fragment.childNodes[0] as unknown as {
      attrs: { name: string; value: string }[];
      childNodes: { nodeName: string; value: string }[];
    };
    expect(p.childNodes).toHaveLength(1);
    expect(p.childNodes[0]?.value).toBe(hostile);
    expect(p.attrs).toEqual([{ name: "title", value: hostile }]);
  });

  it("gives back the same text to an XML reader", () => {
    const xml = `<loc note="${escapeMarkup(hostile)}">${escapeMarkup(hostile)}</loc>`;
    // Numeric references are XML's own; fast-xml-parser decodes them only with its htmlEntities option.
    const parsed = new XMLParser({ ignoreAttributes: false, processEntities: true, htmlEntities: true }).parse(xml);
    expect(parsed.loc["#text"]).toBe(hostile);
    expect(parsed.loc["@_note"]).toBe(hostile);
  });
});
