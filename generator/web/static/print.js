// The live preview: on every change of the form, POST it to the preview route and show
// each page (SVG) as an image. The download buttons are plain form submits.
(function () {
  var form = document.getElementById("options");
  if (!form) return;
  var preview = document.getElementById("preview");
  var status = document.getElementById("status");
  var errorBox = document.getElementById("preview-error");
  var notes = document.getElementById("notes");
  var timer = null;
  var asked = 0;
  var urls = [];
  // this page's previews are PAGE-1, PAGE-2...: a newer one stops an older one's work on the
  // server (generator/web/previews.py), which also reports the steps done
  var pageId = (function () {
    var chars = "abcdefghijklmnopqrstuvwxyz0123456789", out = "";
    var bytes = new Uint8Array(16);
    if (window.crypto && window.crypto.getRandomValues) window.crypto.getRandomValues(bytes);
    else for (var i = 0; i < 16; i++) bytes[i] = Math.floor(Math.random() * 256);
    for (var j = 0; j < 16; j++) out += chars[bytes[j] % chars.length];
    return out;
  })();
  var poll = null;

  // after a second of drawing, what the server has done so far, every half second
  function watch(mine) {
    clearTimeout(poll);
    poll = setTimeout(function ask() {
      if (mine !== asked || form.dataset.state !== "busy") return;
      fetch("/print/progress?id=" + pageId + "-" + mine, { cache: "no-store" })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (p) {
          if (mine !== asked || form.dataset.state !== "busy") return;
          if (p && p.total > 1) {
            status.textContent = p.label + " " + p.done + " of " + p.total + " (" + Math.round(p.seconds) + " s)…";
            status.dataset.done = String(p.done);
          } else if (p) {
            status.textContent = "drawing… (" + Math.round(p.seconds) + " s)";
          }
          poll = setTimeout(ask, 500);
        })
        .catch(function () { poll = setTimeout(ask, 1000); });
    }, 1000);
  }

  function show(data) {
    urls.forEach(function (u) { URL.revokeObjectURL(u); });
    urls = [];
    preview.textContent = "";
    var starts = data.starts || [];
    data.pages.forEach(function (svg, i) {
      // several files (a class pack, answers apart): each one's name before its first page
      starts.forEach(function (s) {
        if (starts.length > 1 && s.page === i && s.pages > 0) {
          var h = document.createElement("h2");
          h.className = "document";
          h.textContent = s.stem + " (" + s.pages + (s.pages === 1 ? " page)" : " pages)");
          preview.appendChild(h);
        }
      });
      var url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
      urls.push(url);
      var img = document.createElement("img");
      img.src = url;
      img.alt = "page " + (i + 1);
      img.className = "page";
      preview.appendChild(img);
    });
    var more = data.total > data.pages.length ? " (the first " + data.pages.length + " shown)" : "";
    status.textContent = data.ask || data.total + (data.total === 1 ? " page" : " pages") + more;
    status.dataset.pages = String(data.total);
    showNotes(data.notes || []);
    sayDownloads(data);
  }

  // what Download PDF, SVG and PNG give for these options: one file or a .zip
  function sayDownloads(data) {
    var note = document.getElementById("download-note");
    var d = data.download;
    if (!note || !d || !d.files) return;
    var files = d.files;
    var pdf = files > 1 ? "a .zip of " + files + " PDF files" : "one .pdf";
    var each = d.pages > 1 ? "a .zip of " + d.pages + " files, one a page" : "one file";
    note.textContent = "Download PDF gives " + pdf + "; SVG and PNG give " + each + ".";
    note.dataset.files = String(files);
  }

  // what the command line says on stderr beside the files (a repeated map, many pages)
  function showNotes(list) {
    if (!notes) return;
    notes.textContent = "";
    list.forEach(function (text) {
      var li = document.createElement("li");
      li.textContent = "Note: " + text;
      notes.appendChild(li);
    });
    notes.hidden = list.length === 0;
  }

  // the choices the form does not offer with the other fields as they are (the server's
  // generating rules, generator/web/offered.py): disabled; a chosen one that is no longer
  // offered moves to the nearest offered one, and the preview is asked again
  function offer(unoffered) {
    var moved = false;
    Object.keys(unoffered || {}).forEach(function (dest) {
      var select = form.elements[dest];
      if (!select || !select.options) return;
      var off = unoffered[dest].off.map(String);
      var said = document.getElementById("off-" + dest);
      if (said) {
        said.textContent = unoffered[dest].why;
        said.hidden = !unoffered[dest].why;
      }
      var opts = Array.prototype.slice.call(select.options);
      opts.forEach(function (o) { o.disabled = off.indexOf(o.value) >= 0; });
      var picked = select.selectedIndex;
      if (picked >= 0 && opts[picked].disabled) {
        var near = null;
        for (var d = 1; d < opts.length && near === null; d++) {
          if (picked - d >= 0 && !opts[picked - d].disabled) near = picked - d;
          else if (picked + d < opts.length && !opts[picked + d].disabled) near = picked + d;
        }
        if (near !== null) {
          select.selectedIndex = near;
          moved = true;
        }
      }
    });
    return moved;
  }

  var pending = null; // the preview asked for last: cancelled when a newer one is asked

  function refresh() {
    var mine = ++asked;
    status.textContent = "drawing…";
    form.dataset.state = "busy";
    if (pending) pending.abort();
    pending = typeof AbortController === "function" ? new AbortController() : null;
    var body = new FormData(form);
    body.append("preview_id", pageId + "-" + mine);
    var how = { method: "POST", body: body };
    watch(mine);
    if (pending) how.signal = pending.signal;
    fetch(form.dataset.preview, how)
      .then(function (r) {
        if ((r.headers.get("Content-Type") || "").indexOf("json") < 0) {
          // the server refused the request before the page saw it (waitress: a body too big)
          var words = r.status === 413
            ? "the form with its file is over 8,500,000 bytes, the most racegen serve reads: choose a smaller file"
            : "the server answered " + r.status + " " + r.statusText;
          return [false, { error: words }];
        }
        return r.json().then(function (d) { return [r.ok, d]; });
      })
      .then(function (res) {
        if (mine !== asked) return;
        if (offer(res[1].unoffered)) {
          refresh(); // a choice moved to one offered: the preview of that instead
          return;
        }
        if (res[0]) {
          errorBox.hidden = true;
          show(res[1]);
        } else {
          errorBox.hidden = false;
          errorBox.textContent = "Error: " + res[1].error;
          status.textContent = "";
          showNotes([]);
        }
        form.dataset.state = "ready";
      })
      .catch(function () {
        if (mine !== asked) return;
        errorBox.hidden = false;
        errorBox.textContent = "Error: the server did not answer: is racegen serve still running?";
        form.dataset.state = "ready";
      });
  }

  function soon() {
    clearTimeout(timer);
    timer = setTimeout(refresh, 250);
  }
  // the sheet page: a chosen track file is printed, so the track choice says so
  var trackFile = document.getElementById("f-track");
  var source = document.getElementById("f-source");
  if (trackFile && source) {
    trackFile.addEventListener("change", function () {
      if (trackFile.files && trackFile.files.length) source.value = "file";
    });
  }
  form.addEventListener("input", soon);
  form.addEventListener("change", soon);
  refresh();
})();
